package phh

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

func cs(s string) []cards.Card {
	out, err := parseCards(s)
	if err != nil {
		panic(err)
	}
	return out
}

func TestParseAction(t *testing.T) {
	tests := []struct {
		in   string
		want Action
		text string // canonical form
	}{
		{"d dh p1 7s4s", Action{Kind: DealHole, Player: 0, Cards: cs("7s4s")}, "d dh p1 7s4s"},
		{"d dh p12 ????", Action{Kind: DealHole, Player: 11, Cards: []cards.Card{cards.None, cards.None}}, "d dh p12 ????"},
		{"d dh p2 ??Ad", Action{Kind: DealHole, Player: 1, Cards: []cards.Card{cards.None, cards.MustParse("Ad")}}, "d dh p2 ??Ad"},
		{"  d   db   JcTs2d  ", Action{Kind: DealBoard, Player: Dealer, Cards: cs("JcTs2d")}, "d db JcTs2d"},
		{"p3 f", Action{Kind: Fold, Player: 2}, "p3 f"},
		{"p4 cc", Action{Kind: CheckCall, Player: 3}, "p4 cc"},
		{"p4 cbr 170000", Action{Kind: BetRaise, Player: 3, Amount: chips.FromInt(170000)}, "p4 cbr 170000"},
		{"p4 cbr 7.35", Action{Kind: BetRaise, Player: 3, Amount: 735}, "p4 cbr 7.35"},
		{"p4 cbr 431.60", Action{Kind: BetRaise, Player: 3, Amount: 43160}, "p4 cbr 431.6"},
		{"p4 sm 6d5h", Action{Kind: ShowMuck, Player: 3, Cards: cs("6d5h")}, "p4 sm 6d5h"},
		{"p4 sm", Action{Kind: ShowMuck, Player: 3}, "p4 sm"},
		{"p4 sm -", Action{Kind: ShowMuck, Player: 3, Dash: true}, "p4 sm -"},
		{"p4 sm ????", Action{Kind: ShowMuck, Player: 3, Cards: []cards.Card{cards.None, cards.None}}, "p4 sm ????"},
		{"p1 sd", Action{Kind: StandPatDiscard, Player: 0}, "p1 sd"},
		{"p4 sd AsQs", Action{Kind: StandPatDiscard, Player: 3, Cards: cs("AsQs")}, "p4 sd AsQs"},
		{"p2 pb", Action{Kind: BringIn, Player: 1}, "p2 pb"},
		{"p1 cbr 23000 # Ivey re-raises", Action{Kind: BetRaise, Player: 0, Amount: chips.FromInt(23000), Comment: "Ivey re-raises"}, "p1 cbr 23000 # Ivey re-raises"},
		{"p2 f#quick", Action{Kind: Fold, Player: 1, Comment: "quick"}, "p2 f # quick"},
		{"", Action{Player: Dealer}, ""},
		{"   ", Action{Player: Dealer}, ""},
		{"# Burn card 6s is exposed", Action{Player: Dealer, Comment: "Burn card 6s is exposed"}, "# Burn card 6s is exposed"},
	}
	for _, tc := range tests {
		got, err := ParseAction(tc.in)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", tc.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseAction(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
		if s := got.String(); s != tc.text {
			t.Errorf("ParseAction(%q).String() = %q, want %q", tc.in, s, tc.text)
		}
		again, err := ParseAction(got.String())
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("re-parse of %q = %+v, %v; want %+v", got.String(), again, err, got)
		}
	}
}

func TestParseActionErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"d", "without a verb"},
		{"d xx", "unknown dealer action"},
		{"d dh p1", "d dh pN CARDS"},
		{"d dh 1 AsKs", "bad actor"},
		{"d dh p0 AsKs", "bad actor"},
		{"d dh p1 AsK", "two characters per card"},
		{"d dh p1 AsKx", "unknown suit"},
		{"d dh p1 1sKs", "unknown rank"},
		{"d dh p1 XrKs", "no jokers"},
		{"d dh p1 A?Ks", "unknown suit"},
		{"d db ??", "cannot be unknown"},
		{"d db", "d db CARDS"},
		{"q1 f", "bad actor"},
		{"p1", "without a verb"},
		{"p1 fold", "unknown player action"},
		{"p1 f now", "takes no argument"},
		{"p1 cbr", "one amount"},
		{"p1 cbr x", "not a decimal"},
		{"p1 cbr 0", "not positive"},
		{"p1 cbr -5", "not positive"},
		{"p1 cbr 1.005", "more than two decimal places"},
		{"p1 sm As Kd", "at most one card list"},
		{"p1 sd -", "two characters per card"},
		{"p99999 f", "bad actor"},
	}
	for _, tc := range tests {
		_, err := ParseAction(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseAction(%q) error = %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

func TestActionKindString(t *testing.T) {
	for k, want := range map[ActionKind]string{NoOp: "noop", DealHole: "dh", DealBoard: "db", BetRaise: "cbr", CheckCall: "cc", Fold: "f", ShowMuck: "sm", StandPatDiscard: "sd", BringIn: "pb", 42: "ActionKind(42)"} {
		if got := k.String(); got != want {
			t.Errorf("ActionKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
