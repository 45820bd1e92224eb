package phh

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/stretchr/testify/assert"
)

// pokerKitStacks are the finishing stacks PokerKit computes for fixtures
// whose recorded finishing_stacks disagree with it: WSOP 2019 #42 hand
// 00-01-07 has ante_trimming_status = true and a lone big-blind ante, which
// PokerKit gives back to the big blind; the recorded stacks keep it in the
// pot.
var pokerKitStacks = map[string][]chips.Chips{
	"testdata/real/wsop/2019/42/3/00-01-07.phh": whole(17600000, 6125000, 6675000, 5750000, 9150000, 6525000, 12950000, 7300000),
}

// handDoc builds a hand: structure lines (antes, blinds, bet sizes…), stacks
// and actions.
func handDoc(variant, structure, stacks string, actions ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "variant = '%s'\n%s\nstarting_stacks = %s\nactions = [", variant, structure, stacks)
	for i, a := range actions {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "'%s'", a)
	}
	b.WriteString("]\n")
	return b.String()
}

const (
	nt3 = "antes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2"
	nt2 = "antes = [0, 0]\nblinds_or_straddles = [5, 10]\nmin_bet = 10"
)

func replay(t *testing.T, text string, opt Options) (Result, error) {
	t.Helper()
	h, err := Unmarshal([]byte(text))
	if err != nil {
		t.Fatalf("Unmarshal: %v\n%s", err, text)
	}
	return ReplayWith(&h, opt)
}

func mustReplay(t *testing.T, text string) Result {
	t.Helper()
	res, err := replay(t, text, Options{})
	if err != nil {
		t.Fatalf("Replay: %v\n%s", err, text)
	}
	return res
}

func whole(xs ...int64) []chips.Chips {
	out := make([]chips.Chips, len(xs))
	for i, x := range xs {
		out[i] = chips.FromInt(x)
	}
	return out
}

// TestReplayRecordedStacks replays every NT, FT and PO hand of the fixtures
// that records finishing_stacks (WSOP 2019 and 2023, Pluribus and the 500
// generated hands) and compares.
func TestReplayRecordedStacks(t *testing.T) {
	var checked, repaired int
	perDir := map[string]int{}
	for _, f := range fixtures(t, "") {
		for _, e := range f.entries {
			h := e.Hand
			if !h.Variant.Supported() || h.FinishingStacks == nil {
				continue
			}
			res, err := ReplayWith(&h, Options{Repair: true})
			if err != nil {
				t.Errorf("%s [%s]: %v", f.path, e.Key, err)
				continue
			}
			if !res.Complete {
				t.Errorf("%s [%s]: hand not complete", f.path, e.Key)
			}
			want := h.FinishingStacks
			if pk, ok := pokerKitStacks[f.path]; ok {
				want = pk
				assert.NotEqual(t, h.FinishingStacks, res.Stacks, "%s: recorded stacks", f.path)
			}
			if !reflect.DeepEqual(res.Stacks, want) {
				t.Errorf("%s [%s]: stacks %v, want %v", f.path, e.Key, res.Stacks, want)
			}
			checked++
			perDir[strings.SplitN(f.path, "/", 4)[2]]++
			if len(res.Repairs) > 0 {
				repaired++
			}
		}
	}
	// WSOP 2023: 11 NT + 7 FT + 7 PO; WSOP 2019: 1; Pluribus: 30; generated:
	// 500 + 200 NT, 150 FT, 150 PO.
	want := map[string]int{"wsop": 26, "pluribus": 30, "pokerkit-sample.phhs": 500,
		"pokerkit-nt.phhs": 200, "pokerkit-ft.phhs": 150, "pokerkit-po.phhs": 150}
	if !reflect.DeepEqual(perDir, want) {
		t.Errorf("hands checked per source = %v, want %v", perDir, want)
	}
	if repaired != 1 {
		t.Errorf("%d hands repaired, want 1 (wsop/2019/42/3: a fold left out)", repaired)
	}
	t.Logf("%d hands match their finishing_stacks", checked)
}

// TestReplayPokerKitStructures: every hand PokerKit played at random in the
// three structures deckforge plays (testdata/generated/pokerkit-{nt,ft,po}:
// side pots, short all-ins, antes with and without trimming, fixed-limit
// caps and full-unit bets nobody can call, pot-limit raises) replays
// strictly, with no action implied, to PokerKit's finishing stacks.
func TestReplayPokerKitStructures(t *testing.T) {
	got := map[Variant]int{}
	for _, f := range fixtures(t, "generated") {
		if !strings.Contains(f.path, "pokerkit-") || strings.HasSuffix(f.path, "pokerkit-sample.phhs") {
			continue
		}
		for _, e := range f.entries {
			res, err := Replay(&e.Hand)
			if !assert.NoError(t, err, "%s [%s]", f.path, e.Key) {
				continue
			}
			if assert.True(t, res.Complete, "%s [%s]", f.path, e.Key) &&
				assert.Equal(t, e.Hand.FinishingStacks, res.Stacks, "%s [%s]", f.path, e.Key) {
				got[e.Hand.Variant]++
			}
		}
	}
	assert.Equal(t, map[Variant]int{"NT": 200, "FT": 150, "PO": 150}, got)
}

// TestReplayHandHQ: the HandHQ hands (hidden hole cards, cents) all replay
// without an illegal action; the only errors are showdowns whose result the
// file does not reveal ("sm ????").
func TestReplayHandHQ(t *testing.T) {
	var ok, undecided int
	for _, f := range fixtures(t, "real/handhq") {
		for _, e := range f.entries {
			res, err := ReplayWith(&e.Hand, Options{Repair: true})
			switch {
			case errors.Is(err, ErrUndecided):
				undecided++
			case err != nil:
				t.Errorf("%s [%s]: %v", f.path, e.Key, err)
			default:
				ok++
				if !res.Complete {
					t.Errorf("%s [%s]: not complete", f.path, e.Key)
				}
				if len(res.Repairs) > 0 {
					t.Errorf("%s [%s]: needed repairs %v", f.path, e.Key, res.Repairs)
				}
				var start, end chips.Chips
				for i := range res.Stacks {
					start += e.Hand.StartingStacks[i]
					end += res.Stacks[i]
				}
				if start != end {
					t.Errorf("%s [%s]: chips not conserved: %v → %v", f.path, e.Key, start, end)
				}
			}
		}
	}
	if ok != 68 || undecided != 4 {
		t.Errorf("%d replayed, %d undecided; want 68 and 4", ok, undecided)
	}
}

func TestReplayUnsupportedFixtures(t *testing.T) {
	counts := map[Variant]int{}
	for _, f := range fixtures(t, "real") {
		for _, e := range f.entries {
			if e.Hand.Variant.Supported() {
				continue
			}
			_, err := Replay(&e.Hand)
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: error = %v, want ErrUnsupported", f.path, err)
			}
			counts[e.Hand.Variant]++
		}
	}
	want := map[Variant]int{"F2L3D": 8, "F7S": 13, "F7S/8": 7, "FO/8": 14, "FR": 10, "N2L1D": 7, "NS": 1, "FB": 1}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("unsupported variants = %v, want %v", counts, want)
	}
}

// TestReplayDecimalUnit: Pluribus 100/0 writes its finishing stacks as
// floats, so the split pot is divided in hundredths: both winners get
// 10112.5. Written with integers only, the odd chip goes to the first
// winner clockwise from the button (p6): p1.
func TestReplayDecimalUnit(t *testing.T) {
	f := fixtures(t, "real/pluribus/102")
	var h Hand
	for _, x := range f {
		if strings.HasSuffix(x.path, "/0.phh") {
			h = x.entries[0].Hand
		}
	}
	if !h.Decimal {
		t.Fatal("pluribus/102/0 should read as decimal")
	}
	res, err := Replay(&h)
	if err != nil {
		t.Fatal(err)
	}
	if res.Unit != 1 || res.Stacks[0] != 1011250 || res.Stacks[4] != 1011250 {
		t.Errorf("unit %v, stacks %v; want 10112.5 for p1 and p5", res.Unit, res.Stacks)
	}
	h.Decimal = false
	res, err = Replay(&h)
	if err != nil {
		t.Fatal(err)
	}
	if res.Unit != chips.Scale || res.Stacks[0] != chips.FromInt(10113) || res.Stacks[4] != chips.FromInt(10112) {
		t.Errorf("unit %v, stacks %v; want 10113 for p1 and 10112 for p5", res.Unit, res.Stacks)
	}
}

func TestReplayHeadsUpOrder(t *testing.T) {
	// [5, 10] heads-up: p2 is the button, posts 5 and acts first; p1 posts
	// 10 and acts first after the flop.
	res := mustReplay(t, handDoc("NT", nt2, "[1000, 1000]",
		"d dh p1 AsAd", "d dh p2 KsKd", "p2 cc", "p1 cc",
		"d db 2c7d9h", "p1 cbr 20", "p2 cc", "d db Jc", "p1 cc", "p2 cc", "d db 3s", "p1 cc", "p2 cc"))
	if !reflect.DeepEqual(res.Stacks, whole(1030, 970)) {
		t.Errorf("stacks %v", res.Stacks)
	}
	if !reflect.DeepEqual(res.Won, whole(60, 0)) {
		t.Errorf("won %v", res.Won)
	}
	_, err := replay(t, handDoc("NT", nt2, "[1000, 1000]", "d dh p1 AsAd", "d dh p2 KsKd", "p1 cc"), Options{})
	if err == nil || !strings.Contains(err.Error(), `actions[2]: "p1 cc": p1 acts out of turn (p2 to act)`) {
		t.Errorf("error = %v", err)
	}
	// A raise and fold: p2 raises to 30 on the button, p1 folds its 10.
	res = mustReplay(t, handDoc("NT", nt2, "[1000, 1000]", "d dh p1 AsAd", "d dh p2 KsKd", "p2 cbr 30", "p1 f"))
	if !reflect.DeepEqual(res.Stacks, whole(990, 1010)) || !res.Complete {
		t.Errorf("stacks %v complete %v", res.Stacks, res.Complete)
	}
	// Antes are reversed too: [0, 3] makes p1 post the ante.
	res = mustReplay(t, handDoc("NT", "antes = [0, 3]\nblinds_or_straddles = [5, 10]\nmin_bet = 10", "[1000, 1000]",
		"d dh p1 AsAd", "d dh p2 KsKd", "p2 f"))
	if !reflect.DeepEqual(res.Stacks, whole(1005, 995)) {
		t.Errorf("reversed ante: stacks %v", res.Stacks)
	}
}

func TestReplayIllegal(t *testing.T) {
	deal3 := []string{"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h"}
	ft := "antes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4"
	po := "antes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2"
	tests := []struct {
		name    string
		text    string
		want    string
		illegal bool // wraps betting.ErrIllegalAction or ErrBadAmount
	}{
		{"out of turn", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p1 f")...), `actions[3]: "p1 f": p1 acts out of turn (p3 to act)`, true},
		{"raise below the minimum", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cbr 3")...), `actions[3]: "p3 cbr 3"`, true},
		{"raise above the stack", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cbr 101")...), `actions[3]: "p3 cbr 101"`, true},
		{"fixed-limit wrong size", handDoc("FT", ft, "[100, 100, 100]", append(deal3, "p3 cbr 5")...), `actions[3]: "p3 cbr 5"`, true},
		{"fixed-limit sixth bet level", handDoc("FT", ft, "[100, 100, 100]", append(deal3, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12")...), `actions[7]: "p1 cbr 12"`, true},
		{"fixed-limit fifth flop bet", handDoc("FT", ft, "[100, 100, 100]", append(deal3, "p3 cc", "p1 cc", "p2 cc", "d db 2c3c9d", "p1 cbr 2", "p2 cbr 4", "p3 cbr 6", "p1 cbr 8", "p2 cbr 10")...), `actions[11]: "p2 cbr 10"`, true},
		{"pot-limit over the pot", handDoc("PO", po, "[100, 100, 100]", "d dh p1 AsKsAhKh", "d dh p2 QdQcJdJc", "d dh p3 7h6h5h4h", "p3 cbr 8"), `actions[3]: "p3 cbr 8"`, true},
		{"card dealt twice", handDoc("NT", nt3, "[100, 100, 100]", "d dh p1 AsKs", "d dh p2 QdAs"), `actions[1]: "d dh p2 QdAs": card As is dealt twice`, false},
		{"board card dealt twice", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cc", "p1 cc", "p2 cc", "d db 2c3c7h")...), `actions[6]: "d db 2c3c7h": card 7h is dealt twice`, false},
		{"too many hole cards", handDoc("NT", nt3, "[100, 100, 100]", "d dh p1 AsKsQs"), "3 hole cards; NT deals 2", false},
		{"too few Omaha hole cards", handDoc("PO", po, "[100, 100, 100]", "d dh p1 AsKs"), "2 hole cards; PO deals 4", false},
		{"dealt twice to a player", handDoc("NT", nt3, "[100, 100, 100]", "d dh p1 AsKs", "d dh p1 QsJs"), "p1 already has hole cards", false},
		{"four-card flop", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cc", "p1 cc", "p2 cc", "d db 2c3c4c5c")...), "4 board cards; the flop has 3", false},
		{"sixth board card", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cbr 100", "p1 cc", "p2 cc", "d db 2c3c4c", "d db 5d", "d db 8d", "d db 9d")...), "the board already has 5 cards", false},
		{"board during betting", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cc", "d db 2c3c4c")...), "board dealt before the betting round ended (p1 to act)", false},
		{"board after everyone folded", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 f", "p1 f", "d db 2c3c4c")...), "board dealt after every other player folded", false},
		{"betting after the round", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 cc", "p1 cc", "p2 cc", "p1 cc")...), "the betting round is over; the board is next", false},
		{"hole cards after betting began", handDoc("NT", nt3, "[100, 100, 100]", "d dh p1 AsKs", "d dh p2 QdQc", "p3 f"), "betting began before every player was dealt hole cards", false},
		{"draw action in hold'em", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 sd")...), "NT has no sd action", false},
		{"bring-in in hold'em", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 pb")...), "NT has no pb action", false},
		{"showdown during betting", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 sm 7h6h")...), "showdown before the betting is over", false},
		{"show by a folded player", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 f", "p1 cbr 100", "p2 cc", "p3 sm 7h6h")...), "p3 has folded", false},
		{"show other cards", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 f", "p1 cbr 100", "p2 cc", "p1 sm AsQs")...), "p1 shows AsQs but holds AsKs", false},
		{"show three cards", handDoc("NT", nt3, "[100, 100, 100]", append(deal3, "p3 f", "p1 cbr 100", "p2 cc", "p1 sm AsKsQs")...), "shows 3 cards, holds 2", false},
	}
	for _, tc := range tests {
		_, err := replay(t, tc.text, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error = %v, want %q", tc.name, err, tc.want)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !strings.HasPrefix(e.Field, "actions[") {
			t.Errorf("%s: error %v does not name an action", tc.name, err)
		}
		if got := errors.Is(err, betting.ErrIllegalAction) || errors.Is(err, betting.ErrBadAmount); got != tc.illegal {
			t.Errorf("%s: wraps a betting error = %v, want %v (%v)", tc.name, got, tc.illegal, err)
		}
	}
}

func TestReplayFixedLimit(t *testing.T) {
	ft := "antes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4"
	// Four bets preflop (the blind is the first), small bets on the flop,
	// big bets on the turn and river.
	res := mustReplay(t, handDoc("FT", ft, "[100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h",
		"p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 f", "p1 cc",
		"d db 2c3c9d", "p1 cbr 2", "p2 cbr 4", "p1 cc",
		"d db Td", "p1 cc", "p2 cbr 4", "p1 cc",
		"d db 4h", "p1 cbr 4", "p2 cc"))
	// p1 and p2 put in 8 + 4 + 4 + 4 = 20 each, p3 4; QQ wins.
	if !reflect.DeepEqual(res.Stacks, whole(80, 124, 96)) {
		t.Errorf("stacks %v", res.Stacks)
	}
	_, err := replay(t, handDoc("FT", ft, "[100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h", "p3 cc", "p1 cc", "p2 cc", "d db 2c3c9d", "p1 cc", "p2 cc", "p3 cc", "d db Td", "p1 cbr 2"), Options{})
	if err == nil || !strings.Contains(err.Error(), `"p1 cbr 2"`) {
		t.Errorf("small bet on the turn: error = %v", err)
	}
}

func TestReplayOmahaTwoPlusThree(t *testing.T) {
	po := "antes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2"
	// Four hearts on the board. p1 holds one heart (the ace): in Omaha it
	// must use two hole cards, so it has no flush; p2's two small hearts
	// make one. Under hold'em rules p1 would win with the ace-high flush.
	res := mustReplay(t, handDoc("PO", po, "[6, 6]",
		"d dh p1 AhKsQdJc", "d dh p2 3h2h8c8d",
		"p2 cbr 6", "p1 cc", "p1 sm AhKsQdJc", "p2 sm 3h2h8c8d",
		"d db 4h7hTh", "d db 9h", "d db 5s"))
	if !reflect.DeepEqual(res.Stacks, whole(0, 12)) {
		t.Errorf("stacks %v, want p2 to win with the flush", res.Stacks)
	}
}

func TestReplaySidePots(t *testing.T) {
	// Three all-ins of different sizes and a covering caller; at showdown
	// the shortest stack has the best hand, the longest the worst.
	nt4 := "antes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2"
	res := mustReplay(t, handDoc("NT", nt4, "[20, 50, 80, 200]",
		"d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "d dh p4 7c2d",
		"p3 cbr 80", "p4 cc", "p1 cc", "p2 cc",
		"p1 sm AsAd", "p2 sm KsKd", "p3 sm QsQd", "p4 sm 7c2d",
		"d db 3h8h9c", "d db Js", "d db 4d"))
	// Main pot 4 × 20 to p1, side pots 3 × 30 to p2 and 2 × 30 to p3.
	if !reflect.DeepEqual(res.Stacks, whole(80, 90, 60, 120)) {
		t.Errorf("stacks %v", res.Stacks)
	}
	if !reflect.DeepEqual(res.Won, whole(80, 90, 60, 0)) {
		t.Errorf("won %v", res.Won)
	}
	// p4 bets the river into p3 alone after the others are all-in and p3
	// folds: the uncalled bet comes back (not counted as won) and p4 takes
	// the side pot p3 gave up; p1 and p2 still win theirs.
	res = mustReplay(t, handDoc("NT", nt4, "[20, 50, 120, 200]",
		"d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "d dh p4 7c2d",
		"p3 cbr 80", "p4 cc", "p1 cc", "p2 cc",
		"d db 3h8h9c", "p3 cc", "p4 cc", "d db Js", "p3 cc", "p4 cc", "d db 4d", "p3 cc", "p4 cbr 100", "p3 f"))
	if !reflect.DeepEqual(res.Stacks, whole(80, 90, 40, 180)) || !reflect.DeepEqual(res.Won, whole(80, 90, 0, 60)) {
		t.Errorf("stacks %v won %v", res.Stacks, res.Won)
	}
}

func TestReplayUnknownCards(t *testing.T) {
	// Hidden hole cards are fine when nobody needs them.
	res := mustReplay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 f"))
	if !res.Complete || !reflect.DeepEqual(res.Stacks, whole(99, 98, 103)) {
		t.Errorf("complete %v stacks %v", res.Complete, res.Stacks)
	}
	// A shown hand fills in the hidden cards; a muck gives up the pot.
	res = mustReplay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 6", "p1 f", "p2 cc",
		"d db 2c3c4d", "p2 cc", "p3 cc", "d db Kd", "p2 cc", "p3 cc", "d db 9s", "p2 cc", "p3 cc",
		"p2 sm 7h7d", "p3 sm"))
	if !reflect.DeepEqual(res.Stacks, whole(99, 107, 94)) {
		t.Errorf("muck: stacks %v", res.Stacks)
	}
	if h := res.Hole[1]; h[0].String()+h[1].String() != "7d7h" {
		t.Errorf("p2's hole cards = %v", h)
	}
	// Two contenders with hidden cards: the result cannot be decided.
	_, err := replay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 ????", "d dh p2 ????", "d dh p3 AsAd", "p3 cbr 100", "p1 f", "p2 cc",
		"d db 2c3c4d", "d db Kd", "d db 9s"), Options{})
	if !errors.Is(err, ErrUndecided) || !strings.Contains(err.Error(), "depends on p2's unknown hole cards") {
		t.Errorf("error = %v, want ErrUndecided", err)
	}
	// A shown card that was already dealt elsewhere.
	_, err = replay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 ????", "d dh p2 ????", "d dh p3 AsAd", "p3 cbr 100", "p1 f", "p2 cc", "p2 sm AsKd"), Options{})
	if err == nil || !strings.Contains(err.Error(), "card As is dealt twice") {
		t.Errorf("error = %v", err)
	}
}

func TestReplayIncomplete(t *testing.T) {
	res := mustReplay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h", "p3 cbr 6", "p1 cc", "p2 cc", "d db 2c3c4d", "p1 cbr 10"))
	if res.Complete || res.Won != nil || !reflect.DeepEqual(res.Stacks, whole(84, 94, 94)) {
		t.Errorf("complete %v won %v stacks %v", res.Complete, res.Won, res.Stacks)
	}
	if len(res.Board) != 3 {
		t.Errorf("board %v", res.Board)
	}
}

func TestReplayRepair(t *testing.T) {
	text := handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h", "p1 cc", "p2 cc",
		"d db 2c3c4d", "p2 cbr 4", "d db 5d")
	_, err := replay(t, text, Options{})
	if err == nil || !strings.Contains(err.Error(), `actions[3]: "p1 cc": p1 acts out of turn (p3 to act)`) {
		t.Errorf("strict: error = %v", err)
	}
	res, err := replay(t, text, Options{Repair: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"p3 folds before actions[3]", "p1 checks before actions[6]", "p1 folds before actions[7]"}
	if !reflect.DeepEqual(res.Repairs, want) {
		t.Errorf("repairs %q, want %q", res.Repairs, want)
	}
	// An all-in player cannot act again: no repair reaches it.
	_, err = replay(t, handDoc("NT", nt3, "[100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h", "p3 cbr 100", "p1 f", "p3 cc"), Options{Repair: true})
	if err == nil || !strings.Contains(err.Error(), `actions[5]: "p3 cc": p3 acts out of turn (p2 to act)`) {
		t.Errorf("error = %v", err)
	}
}

func TestReplayInactive(t *testing.T) {
	nt4 := "antes = [0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n_inactive = [0, 0, 1, 0]"
	res := mustReplay(t, handDoc("NT", nt4, "[100, 100, 100, 100]",
		"d dh p1 AsKs", "d dh p2 QdQc", "d dh p4 7h6h", "p4 f", "p1 f"))
	if !reflect.DeepEqual(res.Stacks, whole(99, 101, 100, 100)) {
		t.Errorf("stacks %v", res.Stacks)
	}
	_, err := replay(t, handDoc("NT", nt4, "[100, 100, 100, 100]", "d dh p3 AsKs"), Options{})
	if err == nil || !strings.Contains(err.Error(), "p3 sits out") {
		t.Errorf("error = %v", err)
	}
	_, err = replay(t, handDoc("NT", strings.Replace(nt4, "[0, 0, 1, 0]", "[0, 1, 0, 0]", 1), "[100, 100, 100, 100]"), Options{})
	if err == nil || !strings.Contains(err.Error(), "_inactive[1]: p2 sits out but owes a forced bet") {
		t.Errorf("error = %v", err)
	}
}

func TestReplayVariants(t *testing.T) {
	h := mustUnmarshal(t, base)
	h.Variant = "F7S"
	if _, err := Replay(&h); !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), "F7S (fixed-limit seven card stud) is not played") {
		t.Errorf("F7S: error = %v", err)
	}
	h.Variant = "XX"
	if _, err := Replay(&h); err == nil || errors.Is(err, ErrUnsupported) {
		t.Errorf("undefined variant: error = %v, want invalid", err)
	}
	eleven := handDoc("NT", "antes = [0,0,0,0,0,0,0,0,0,0,0]\nblinds_or_straddles = [1,2,0,0,0,0,0,0,0,0,0]\nmin_bet = 2",
		"[9,9,9,9,9,9,9,9,9,9,9]")
	if _, err := replay(t, eleven, Options{}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("11 players: error = %v, want ErrUnsupported", err)
	}
	for _, v := range []Variant{"NT", "FT", "PO"} {
		if !v.Supported() || !v.Defined() || v.Name() == "" {
			t.Errorf("%s: supported %v defined %v", v, v.Supported(), v.Defined())
		}
	}
	for _, v := range []Variant{"NS", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"} {
		if v.Supported() || !v.Defined() {
			t.Errorf("%s: supported %v defined %v", v, v.Supported(), v.Defined())
		}
	}
	for _, v := range []Variant{"PS", "nt", "", "NLHE"} {
		if v.Defined() {
			t.Errorf("%q should be undefined", v)
		}
	}
}

func TestReplayAntesAreDead(t *testing.T) {
	// A big-blind ante nobody matches stays in the pot: p1 calls p2's
	// all-in and wins the ante too (WSOP 2019 hand 00-01-07 has this shape).
	res := mustReplay(t, handDoc("NT", "antes = [0, 10, 0]\nblinds_or_straddles = [5, 10, 0]\nmin_bet = 10", "[200, 100, 200]",
		"d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 7c2d", "p3 f", "p1 cbr 90", "p2 cc",
		"d db 3h8h9c", "d db Js", "d db 4d"))
	if !reflect.DeepEqual(res.Stacks, whole(300, 0, 200)) {
		t.Errorf("stacks %v", res.Stacks)
	}
}

func TestReplayShortAnte(t *testing.T) {
	// p2 can post only 39 of its 50 ante. With ante_trimming_status = true
	// it wins 39 from p1's ante and no more; p1's other 11 and its blind
	// come back (PokerKit's hand 254 of the generated sample).
	short := handDoc("NT", "ante_trimming_status = true\nantes = [50, 50]\nblinds_or_straddles = [50, 100]\nmin_bet = 100", "[30637, 39]",
		"d dh p1 7s8c", "d dh p2 9c4c", "p2 sm 9c4c", "p1 sm 7s8c", "d db 9sAc2h", "d db 7h", "d db 5c")
	res := mustReplay(t, short)
	if !reflect.DeepEqual(res.Stacks, whole(30598, 78)) {
		t.Errorf("stacks %v", res.Stacks)
	}
	// Untrimmed, every ante is dead money that p2 may win: 50 + 39; p1's
	// blind comes back.
	res = mustReplay(t, strings.Replace(short, "ante_trimming_status = true\n", "", 1))
	assert.Equal(t, whole(30587, 89), res.Stacks)
}

func TestReplayStraddle(t *testing.T) {
	// An under-the-gun straddle of 4: p4 acts first and a raise must reach
	// 8; the straddler acts last before the flop.
	nt5 := "antes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 4, 0, 0]\nmin_bet = 2"
	deal := []string{"d dh p1 AsKs", "d dh p2 QdQc", "d dh p3 7h6h", "d dh p4 9c9d", "d dh p5 2s3s"}
	res := mustReplay(t, handDoc("NT", nt5, "[100, 100, 100, 100, 100]",
		append(deal, "p4 cbr 8", "p5 f", "p1 f", "p2 f", "p3 cc", "d db 2c3c4d")...))
	if !reflect.DeepEqual(res.Stacks, whole(99, 98, 92, 92, 100)) || res.Complete {
		t.Errorf("stacks %v complete %v", res.Stacks, res.Complete)
	}
	_, err := replay(t, handDoc("NT", nt5, "[100, 100, 100, 100, 100]", append(deal, "p4 cbr 6")...), Options{})
	if err == nil || !strings.Contains(err.Error(), `actions[5]: "p4 cbr 6"`) {
		t.Errorf("raise to 6 over a straddle of 4: error = %v", err)
	}
	_, err = replay(t, handDoc("NT", nt5, "[100, 100, 100, 100, 100]", append(deal, "p3 cc")...), Options{})
	if err == nil || !strings.Contains(err.Error(), "p3 acts out of turn (p4 to act)") {
		t.Errorf("straddler first: error = %v", err)
	}
}
