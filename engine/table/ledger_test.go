package table

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

func TestLedgerRefusals(t *testing.T) {
	l := NewLedger()
	if err := l.Open("Ann"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"open twice", l.Open("Ann"), "already"},
		{"open nameless", l.Open(""), "empty"},
		{"buy in beyond the bank", l.BuyIn("Ann", "t", StartingChips+1), "cannot buy in"},
		{"buy in for nothing", l.BuyIn("Ann", "t", 0), "cannot buy in"},
		{"no account", l.BuyIn("Bob", "t", 1), "no account"},
		{"cash out unseated", func() error { _, err := l.CashOut("Ann", "t"); return err }(), "not seated"},
	} {
		if c.err == nil || !strings.Contains(c.err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, c.err)
		}
	}
	eq(t, "nothing moved", l.Total("Ann"), StartingChips)
	if err := l.BuyIn("Ann", "t", chips.FromInt(100)); err != nil {
		t.Fatal(err)
	}
	if err := l.BuyIn("Ann", "t", chips.FromInt(1)); err == nil {
		t.Error("seated twice at one table")
	}
	_ = l.Open("Bob")
	_ = l.BuyIn("Bob", "t", chips.FromInt(50))
	for _, c := range []struct {
		name    string
		players []string
		stacks  []chips.Chips
		want    string
	}{
		{"chips from nowhere", []string{"Ann", "Bob"}, amounts(100, 51), "held"},
		{"a negative stack", []string{"Ann", "Bob"}, amounts(151, -1), "would hold"},
		{"a player missing", []string{"Ann"}, amounts(100), "not in its hand"},
		{"a stranger", []string{"Ann", "Bob", "Cy"}, amounts(100, 50, 0), "not seated"},
		{"twice", []string{"Ann", "Ann"}, amounts(50, 50), "twice"},
		{"lengths", []string{"Ann", "Bob"}, amounts(150), "stacks"},
	} {
		if err := l.Settle("t", c.players, c.stacks); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	eq(t, "Ann unchanged", l.Total("Ann"), StartingChips)
	eq(t, "players", l.Players(), []string{"Ann", "Bob"})
	if d, _ := l.Reload("Ann"); d != 0 {
		t.Errorf("reload at 400 added %s", d)
	}
	if _, err := l.Reload("Cy"); err == nil {
		t.Error("reload without an account")
	}
}

// TestLedgerProperty: the house-player seed's properties 14 and 15 over
// random operations on several tables: every player's total is its bank
// plus its stacks at all tables; buy-ins and cash-outs keep it; hands move
// chips between players of one table; a reload below 400 tops it up to 400
// and adds the difference to what the player invested; nothing is ever
// negative; and the chips in the system equal what was invested.
func TestLedgerProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	l := NewLedger()
	players := []string{"a", "b", "c", "d", "e"}
	tables := []string{"t1", "t2", "t3"}
	for _, p := range players {
		_ = l.Open(p)
	}
	stacks := map[string]map[string]chips.Chips{} // table → player → stack, kept independently
	for _, tb := range tables {
		stacks[tb] = map[string]chips.Chips{}
	}
	reloads := 0
	for i := 0; i < 20000; i++ {
		p := players[rng.IntN(len(players))]
		tb := tables[rng.IntN(len(tables))]
		before := l.Total(p)
		switch rng.IntN(4) {
		case 0:
			amt := chips.Chips(rng.Int64N(int64(StartingChips)))
			_, seated := stacks[tb][p]
			bank := l.Bank(p)
			err := l.BuyIn(p, tb, amt)
			if (err == nil) != (!seated && amt > 0 && amt <= bank) {
				t.Fatalf("buy-in %s of %s at %s: %v", amt, p, tb, err)
			}
			if err == nil {
				stacks[tb][p] = amt
			}
			eq(t, "a buy-in keeps the total", l.Total(p), before)
		case 1:
			c, err := l.CashOut(p, tb)
			if _, seated := stacks[tb][p]; seated != (err == nil) || (err == nil && c != stacks[tb][p]) {
				t.Fatalf("cash-out of %s at %s: %s, %v", p, tb, c, err)
			}
			delete(stacks[tb], p)
			eq(t, "a cash-out keeps the total", l.Total(p), before)
		case 2:
			// A hand: chips move between the players of one table.
			var names []string
			var sum chips.Chips
			for _, q := range players {
				if c, ok := stacks[tb][q]; ok {
					names = append(names, q)
					sum += c
				}
			}
			if len(names) == 0 {
				continue
			}
			out := make([]chips.Chips, len(names))
			left := sum
			for k := range names[:len(names)-1] {
				out[k] = chips.Chips(rng.Int64N(int64(left) + 1))
				left -= out[k]
			}
			out[len(out)-1] = left
			if err := l.Settle(tb, names, out); err != nil {
				t.Fatal(err)
			}
			for k, q := range names {
				stacks[tb][q] = out[k]
			}
		case 3:
			inv := l.Invested(p)
			d, err := l.Reload(p)
			if err != nil {
				t.Fatal(err)
			}
			if before < StartingChips {
				reloads++
				eq(t, "reload total", l.Total(p), StartingChips)
				eq(t, "reload invested", l.Invested(p), inv+StartingChips-before)
				eq(t, "reload amount", d, StartingChips-before)
			} else {
				eq(t, "no reload", d, chips.Chips(0))
			}
		}
		var sys, inv chips.Chips
		for _, q := range players {
			var at chips.Chips
			for _, tb := range tables {
				c, seated := l.AtTable(q, tb)
				if _, ok := stacks[tb][q]; ok != seated || c != stacks[tb][q] {
					t.Fatalf("%s at %s: ledger %s (%v), expected %s", q, tb, c, seated, stacks[tb][q])
				}
				at += c
			}
			if l.Bank(q) < 0 || at < 0 {
				t.Fatalf("%s: negative balance", q)
			}
			if l.Total(q) != l.Bank(q)+at || l.AtTables(q) != at {
				t.Fatalf("%s: total %s, bank %s + tables %s", q, l.Total(q), l.Bank(q), at)
			}
			sys += l.Total(q)
			inv += l.Invested(q)
		}
		if sys != inv {
			t.Fatalf("op %d: %s chips in the system, %s invested", i, sys, inv)
		}
	}
	if reloads < 100 {
		t.Errorf("only %d reloads", reloads)
	}
}
