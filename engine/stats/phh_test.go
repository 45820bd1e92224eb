package stats

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/stretchr/testify/require"
)

// realDir holds the real hand histories the phh package keeps as fixtures.
const realDir = "../phh/testdata/real"

// readReal returns every NT, FT and PO hand of realDir, by file.
func readReal(tb testing.TB) map[string][]phh.Hand {
	tb.Helper()
	out := map[string][]phh.Hand{}
	err := filepath.WalkDir(realDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".phh") || strings.HasSuffix(path, ".phhs")) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		entries, err := phh.ReadFile(path, data)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Err != nil {
				return e.Err
			}
			if e.Hand.Variant.Supported() {
				out[path] = append(out[path], e.Hand)
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestRealHands plays every NT, FT and PO hand of the real histories: the
// invariants hold for every player and maneuver, per hand and in total, and
// the tracker's chip results agree with the recorded finishing stacks.
func TestRealHands(t *testing.T) {
	files := readReal(t)
	var agg Aggregator
	var tr Tracker
	hands, variants, checkedStacks, undecided := 0, map[phh.Variant]int{}, 0, 0
	for path, hs := range files {
		for i := range hs {
			h := &hs[i]
			p, err := FromPHH(h)
			if err != nil {
				t.Errorf("%s hand %s: %v", path, h.Label(), err)
				continue
			}
			if err := tr.Play(&p.Log); err != nil {
				t.Errorf("%s hand %s: %v", path, h.Label(), err)
				continue
			}
			checkInvariants(t, &tr, path+" "+h.Label())
			if err := agg.Add(&tr, p.Names); err != nil {
				t.Fatal(err)
			}
			hands++
			variants[h.Variant]++
			if p.Undecided {
				undecided++
				if p.Log.Collected != nil || tr.Record(0).ResultKnown {
					t.Errorf("%s hand %s: undecided showdown with known results", path, h.Label())
				}
			}
			if h.FinishingStacks != nil && p.Log.Collected != nil {
				checkedStacks++
				finishing := h.FinishingStacks
				if strings.HasSuffix(path, "wsop/2019/42/3/00-01-07.phh") {
					// Its recorded stacks keep a lone big-blind ante that
					// ante trimming gives back (engine/phh/testdata/README.md).
					res, err := phh.ReplayWith(h, phh.Options{Repair: true})
					require.NoError(t, err)
					finishing = res.Stacks
				}
				for s := 0; s < tr.Players(); s++ {
					want := finishing[s] - h.StartingStacks[s]
					if h.Inactive != nil && h.Inactive[s] != 0 {
						want = 0
					}
					if got := tr.Record(s).Net; got != want {
						t.Errorf("%s hand %s: p%d net %v, finishing stacks say %v", path, h.Label(), s+1, got, want)
					}
				}
			}
		}
	}
	if variants[phh.NoLimitTexasHoldem] == 0 || variants[phh.FixedLimitTexasHoldem] == 0 || variants[phh.PotLimitOmahaHoldem] == 0 {
		t.Errorf("variants played: %v", variants)
	}
	// Four HandHQ showdowns hide the hole cards that decide them.
	if undecided != 4 {
		t.Errorf("%d undecided showdowns, want 4", undecided)
	}
	if checkedStacks < 40 {
		t.Errorf("only %d hands checked against their finishing stacks", checkedStacks)
	}
	for _, name := range agg.Names() {
		if err := invariantErr(&agg.Player(name).Counts); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	tot := agg.Total()
	if tot.Counts.Sum(ThreeBet, Attempts) == 0 || tot.Counts.Sum(Cbet, Attempts) == 0 || tot.Counts.Sum(Steal, Attempts) == 0 {
		t.Error("the real hands show no three-bet, c-bet or steal")
	}
	t.Logf("%d hands (%v), %d checked against finishing stacks, %d players", hands, variants, checkedStacks, len(agg.Names()))
}

// TestPluribusHand checks one real hand maneuver by maneuver: pluribus/100/0
// is "p3 f, p4 cbr 210, p5 f, p6 f, p1 cc, p2 f / p1 cc, p4 cc / p1 cc,
// p4 cc / p1 cbr 230, p4 f".
func TestPluribusHand(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(realDir, "pluribus/100/0.phh"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := phh.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromPHH(&h)
	if err != nil {
		t.Fatal(err)
	}
	var tr Tracker
	if err := tr.Play(&p.Log); err != nil {
		t.Fatal(err)
	}
	if p.Names[3] != "MrPink" || p.Names[0] != "MrBlue" {
		t.Errorf("names %v", p.Names)
	}
	// MrPink (p4) opened, checked the flop (a c-bet chance), checked the turn
	// (a delayed c-bet chance) and folded to MrBlue's river probe bet.
	expect(t, &tr, "p4", "preflop_raises=1 preflop_raise_opportunities=1 cbet_ip_opportunities delayed_cbet_ip_opportunities "+
		"probe_bet_ip_challenges probe_bet_ip_folds open_shove_oop_opportunities open_shove_ip_opportunities=2 "+
		"raise_vs_bet_ip_opportunities shove_ip_opportunities", Steal, ThreeBet)
	expect(t, &tr, "p1", "limp_opportunities=0 three_bet_oop_opportunities shove_oop_opportunities "+
		"donk_bet_oop_opportunities probe_bet_oop_opportunities=2 probe_bet_oop_attempts probe_bet_oop_takedowns "+
		"open_shove_oop_opportunities=3 success=1", Float)
	if r := tr.Record(0); r.Net != chips.FromInt(310) || !r.Success {
		t.Errorf("MrBlue %+v", r)
	}
}

func TestFromPHHErrors(t *testing.T) {
	// A stud hand: phh does not replay it.
	h := phh.Hand{Variant: phh.FixedLimitSevenCardStud, StartingStacks: []chips.Chips{100, 100}}
	if _, err := FromPHH(&h); !errors.Is(err, phh.ErrUnsupported) {
		t.Errorf("stud: %v", err)
	}
	// An illegal action.
	h2, err := phh.Unmarshal([]byte(`variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 500']
`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := FromPHH(&h2); err == nil {
		t.Error("raise over the stack: no error")
	}
	for _, bad := range []string{"p9 folds before actions[3]", "p1 raises before actions[3]", "p1 folds after actions[3]", "p1 folds before actions[3] "} {
		if _, err := parseRepairs([]string{bad}, 6); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if got, err := parseRepairs([]string{"p2 checks before actions[4]", "p6 folds before actions[9]"}, 6); err != nil ||
		len(got) != 2 || got[0].act != (Action{Seat: 1, Kind: Check}) || got[1].before != 9 || got[1].act.Kind != Fold {
		t.Errorf("parseRepairs: %+v, %v", got, err)
	}
}

// TestRepairedHand: WSOP 2019 #42 00-01-07 leaves out p8's fold; the
// implied fold is played, so p8 folded and faced the raise.
func TestRepairedHand(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(realDir, "wsop/2019/42/3/00-01-07.phh"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := phh.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	p, err := FromPHH(&h)
	if err != nil {
		t.Fatal(err)
	}
	var tr Tracker
	if err := tr.Play(&p.Log); err != nil {
		t.Fatal(err)
	}
	if !tr.Folded(7) {
		t.Error("p8 did not fold")
	}
	if tr.Count(7, Hands) != 1 || tr.Count(7, Showdowns) != 0 {
		t.Errorf("p8 hands %d showdowns %d", tr.Count(7, Hands), tr.Count(7, Showdowns))
	}
}

// TestGeneratedHands plays PokerKit's 500 random no-limit hands (short
// all-ins that do and do not reopen betting, side pots, antes): the
// invariants hold and every player's result agrees with the finishing
// stacks.
func TestGeneratedHands(t *testing.T) {
	const name = "../phh/testdata/generated/pokerkit-sample.phhs"
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := phh.ReadFile(name, data)
	if err != nil {
		t.Fatal(err)
	}
	var tr Tracker
	var agg Aggregator
	for _, e := range entries {
		if e.Err != nil {
			t.Fatal(e.Err)
		}
		h := &e.Hand
		p, err := FromPHH(h)
		if err != nil {
			t.Fatalf("hand %s: %v", e.Key, err)
		}
		if err := tr.Play(&p.Log); err != nil {
			t.Fatalf("hand %s: %v", e.Key, err)
		}
		checkInvariants(t, &tr, "hand "+e.Key)
		if err := agg.Add(&tr, p.Names); err != nil {
			t.Fatal(err)
		}
		for s := 0; s < tr.Players(); s++ {
			if want := h.FinishingStacks[s] - h.StartingStacks[s]; tr.Record(s).Net != want || !tr.Record(s).ResultKnown {
				t.Errorf("hand %s: p%d net %v, finishing stacks say %v", e.Key, s+1, tr.Record(s).Net, want)
			}
		}
	}
	if agg.Hands != 500 {
		t.Errorf("%d hands", agg.Hands)
	}
	tot := agg.Total()
	if err := invariantErr(&tot.Counts); err != nil {
		t.Error(err)
	}
}
