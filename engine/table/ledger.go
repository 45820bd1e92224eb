package table

import (
	"fmt"
	"sort"

	"github.com/deckforge/deckforge/engine/chips"
)

// StartingChips is what a new account holds, and what a reload tops an
// account's total up to: 400 chips.
const StartingChips = 400 * chips.Scale

// Ledger keeps every player's chips: in the bank and at each table, and
// what the player has invested (the starting chips plus every reload). For
// every player at every moment
//
//	Total = Bank + Σ_tables AtTable,
//
// buying in and cashing out move chips between the bank and a table without
// changing Total, hands move chips between the players of one table without
// changing the table's sum, and a reload is the only way chips enter:
//
//	Reload: if Total < 400 then Bank += 400 − Total and Invested += 400 − Total,
//
// so Σ_players Total = Σ_players Invested always. No balance is ever
// negative: an operation that would make one negative is refused and
// changes nothing. A Ledger is not safe for concurrent use.
type Ledger struct {
	accounts map[string]*account
}

type account struct {
	bank, invested chips.Chips
	tables         map[string]chips.Chips
}

// NewLedger returns an empty ledger.
func NewLedger() *Ledger { return &Ledger{accounts: map[string]*account{}} }

// Open creates player's account with StartingChips in the bank, all of it
// invested.
func (l *Ledger) Open(player string) error {
	if player == "" {
		return fmt.Errorf("ledger: empty player name")
	}
	if _, ok := l.accounts[player]; ok {
		return fmt.Errorf("ledger: %q already has an account", player)
	}
	l.accounts[player] = &account{bank: StartingChips, invested: StartingChips, tables: map[string]chips.Chips{}}
	return nil
}

func (l *Ledger) get(player string) (*account, error) {
	a, ok := l.accounts[player]
	if !ok {
		return nil, fmt.Errorf("ledger: %q has no account", player)
	}
	return a, nil
}

// Players returns the players with an account, sorted.
func (l *Ledger) Players() []string {
	out := make([]string, 0, len(l.accounts))
	for k := range l.accounts {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Bank returns player's bank balance (0 without an account).
func (l *Ledger) Bank(player string) chips.Chips {
	if a, ok := l.accounts[player]; ok {
		return a.bank
	}
	return 0
}

// Invested returns what player has put in: starting chips and reloads.
func (l *Ledger) Invested(player string) chips.Chips {
	if a, ok := l.accounts[player]; ok {
		return a.invested
	}
	return 0
}

// AtTable returns player's chips at table, and whether it is seated there.
func (l *Ledger) AtTable(player, table string) (chips.Chips, bool) {
	if a, ok := l.accounts[player]; ok {
		c, seated := a.tables[table]
		return c, seated
	}
	return 0, false
}

// AtTables returns player's chips at every table together.
func (l *Ledger) AtTables(player string) chips.Chips {
	var t chips.Chips
	if a, ok := l.accounts[player]; ok {
		for _, c := range a.tables {
			t += c
		}
	}
	return t
}

// Total returns Bank + AtTables.
func (l *Ledger) Total(player string) chips.Chips { return l.Bank(player) + l.AtTables(player) }

// BuyIn moves amount from player's bank to a seat at table.
func (l *Ledger) BuyIn(player, table string, amount chips.Chips) error {
	a, err := l.get(player)
	if err != nil {
		return err
	}
	if _, seated := a.tables[table]; seated {
		return fmt.Errorf("ledger: %q is already seated at table %q", player, table)
	}
	if amount <= 0 || amount > a.bank {
		return fmt.Errorf("ledger: %q cannot buy in for %s with %s in the bank", player, amount, a.bank)
	}
	a.bank -= amount
	a.tables[table] = amount
	return nil
}

// CashOut moves player's chips at table back to its bank and frees the
// seat. It returns the amount.
func (l *Ledger) CashOut(player, table string) (chips.Chips, error) {
	a, err := l.get(player)
	if err != nil {
		return 0, err
	}
	c, seated := a.tables[table]
	if !seated {
		return 0, fmt.Errorf("ledger: %q is not seated at table %q", player, table)
	}
	a.bank += c
	delete(a.tables, table)
	return c, nil
}

// Settle records the stacks of table's players after a hand: players and
// stacks are parallel, and must list exactly the players the ledger seats at
// table. The hand only moved chips between them, so their sum must be
// unchanged; otherwise nothing changes and an error says why.
func (l *Ledger) Settle(table string, players []string, stacks []chips.Chips) error {
	if len(players) != len(stacks) {
		return fmt.Errorf("ledger: %d players, %d stacks", len(players), len(stacks))
	}
	var before, after chips.Chips
	listed := map[string]bool{}
	for i, p := range players {
		c, seated := l.AtTable(p, table)
		if !seated {
			return fmt.Errorf("ledger: %q is not seated at table %q", p, table)
		}
		if listed[p] {
			return fmt.Errorf("ledger: %q listed twice", p)
		}
		listed[p] = true
		if stacks[i] < 0 {
			return fmt.Errorf("ledger: %q would hold %s at table %q", p, stacks[i], table)
		}
		before += c
		after += stacks[i]
	}
	for name, a := range l.accounts {
		if _, seated := a.tables[table]; seated && !listed[name] {
			return fmt.Errorf("ledger: %q is seated at table %q but not in its hand's players", name, table)
		}
	}
	if before != after {
		return fmt.Errorf("ledger: table %q held %s, its players now hold %s", table, before, after)
	}
	for i, p := range players {
		l.accounts[p].tables[table] = stacks[i]
	}
	return nil
}

// Reload tops player's total up to StartingChips when it is below, adding
// the difference to the bank and to Invested; it returns the difference (0
// when the total is already StartingChips or more).
func (l *Ledger) Reload(player string) (chips.Chips, error) {
	a, err := l.get(player)
	if err != nil {
		return 0, err
	}
	t := l.Total(player)
	if t >= StartingChips {
		return 0, nil
	}
	d := StartingChips - t
	a.bank += d
	a.invested += d
	return d, nil
}
