package phh

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// fuzzSeeds are valid and broken documents the fuzzers start from.
func fuzzSeeds(f *testing.F, bulk bool) {
	seeds := []string{
		base,
		with("starting_stacks", "starting_stacks = [75.25, 10112.5, 1e2]"),
		with("actions", "actions = ['d dh p1 AsKs # c', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 7.5', 'p1 cc', 'p2 f', 'd db 2c3c4c', '', '# x']"),
		base + "_inactive = [0, 0, 1]\n_intents = [0, 1, 3]\n_deadBlinds = [0, 0.5, 1]\n_x = {a = [1, 2.5]}\ntime = 10:11:12\nhand = 'h'\n",
		base + "finishing_stacks = [99, 98, 103]\nplayers = ['a', 'b', 'c']\nseats = [1, 2, 3]\nseat_count = 6\n",
		with("antes", "antes = [0, 0]"),
		with("actions", "actions = ['p9 f', 'd dh p1 ??', 'p1 cbr -1']"),
		with("variant", "variant = 'FT'") + "small_bet = 2\nbig_bet = 4\n",
		with("variant", "variant = 'PO'"),
		"variant = 'NT'\nantes = [0,\n",
		"[1]\nvariant = 3\n[2]\n" + base,
		"",
	}
	for _, name := range []string{"testdata/real/dwan-ivey-2009.phh", "testdata/real/wsop/2023/43/5/34.phh", "testdata/real/pluribus/102/0.phh"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, string(data))
	}
	for _, s := range seeds {
		if bulk {
			s = "[1]\n" + s + "\n[2]\n" + base
		}
		f.Add([]byte(s))
	}
}

// checkDecoded checks the fuzz properties of one decoded hand or error: an
// error is an *Error that says where (a field or a line); a hand writes out
// and reads back to itself, and replays without panicking.
func checkDecoded(t *testing.T, h Hand, err error) {
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("error %v (%T) is not an *Error", err, err)
		}
		if e.Field == "" && e.Line == 0 && e.Msg == "" {
			t.Fatalf("error %q says nothing about where", err)
		}
		return
	}
	out, err := Marshal(&h)
	if err != nil {
		t.Fatalf("Marshal of a decoded hand: %v", err)
	}
	back, err := Unmarshal(out)
	if err != nil {
		t.Fatalf("reading back:\n%s\n%v", out, err)
	}
	back.Key = h.Key
	again, err := Marshal(&back)
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("second write differs:\n%s\n%s", out, again)
	}
	if !bytes.Contains(out, []byte("nan")) && !reflect.DeepEqual(back, h) {
		t.Fatalf("round trip differs:\n%s\n%+v\n%+v", out, back, h)
	}
	if _, err := ReplayWith(&h, Options{Repair: true}); err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("Replay error %v (%T) is not an *Error", err, err)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Unmarshal(data)
		checkDecoded(t, h, err)
	})
}

func FuzzReadBulk(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, err := ReadFile("f.phhs", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.phhs" {
				t.Fatalf("file error %v does not name the file", err)
			}
			return
		}
		for _, en := range entries {
			if en.Err != nil {
				var e *Error
				if !errors.As(en.Err, &e) || e.File != "f.phhs" || e.Hand != en.Key {
					t.Fatalf("hand error %v does not name the file and hand %q", en.Err, en.Key)
				}
			}
			checkDecoded(t, en.Hand, en.Err)
		}
	})
}

// FuzzReplay replays fuzzed action lists (separated by ';') on fixed
// structures: every outcome is a result or an *Error, and a complete hand
// conserves chips.
func FuzzReplay(f *testing.F) {
	f.Add(uint8(0), "d dh p1 AsKs;d dh p2 QdQc;d dh p3 7h6h;p3 cbr 6;p1 cc;p2 cc;d db 2c3c4d;p1 cbr 20;p2 cbr 94;p3 cc;p1 cc;d db Kd;d db 9s")
	f.Add(uint8(1), "d dh p1 AsKs;d dh p2 ????;d dh p3 7h6h;p3 cbr 4;p1 cbr 6;p2 cbr 8;p3 cc;p1 cc;p2 cc;d db 2c3c4d;p1 cbr 2;p2 sm")
	f.Add(uint8(2), "d dh p1 AsKsQsJs;d dh p2 QdQc2c3c;d dh p3 7h6h5h4h;p3 cbr 7;p1 cbr 20;p2 f;p3 cc;d db 2h3h9d;p1 cbr 50;p3 cc")
	f.Add(uint8(0), "d dh p1 ????;d dh p2 ????;d dh p3 ????;p3 cbr 100;p1 cc;p2 cc;p1 sm ????;d db 2c3c4d;d db 5d;d db 6d")
	structures := []string{
		"variant = 'NT'\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
		"variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4",
		"variant = 'PO'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2",
	}
	f.Fuzz(func(t *testing.T, which uint8, actions string) {
		var b strings.Builder
		b.WriteString(structures[int(which)%len(structures)])
		b.WriteString("\nstarting_stacks = [100, 50, 100]\nactions = [")
		for i, a := range strings.Split(actions, ";") {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(a))
		}
		b.WriteString("]\n")
		h, err := Unmarshal([]byte(b.String()))
		if err != nil {
			return // actions Go quotes but TOML rejects, or bad notation
		}
		for _, repair := range []bool{false, true} {
			res, err := ReplayWith(&h, Options{Repair: repair})
			if err != nil {
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("error %v (%T) is not an *Error", err, err)
				}
				continue
			}
			if res.Complete {
				var sum chips.Chips
				for _, s := range res.Stacks {
					sum += s
				}
				if sum != chips.FromInt(250) {
					t.Fatalf("chips not conserved: %v", res.Stacks)
				}
			}
		}
	})
}
