package genome

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/schema/fb"
	"github.com/deckforge/deckforge/schema/fbverify"
)

// examplePhases holds one valid phase of every kind, for the checks below.
var examplePhases = map[PhaseKind]Phase{
	PhaseDeal:     {Kind: PhaseDeal, Deal: DealPhase{To: DealToCommunity, Count: 3}},
	PhaseDraw:     {Kind: PhaseDraw, Draw: DrawPhase{Count: 1, Condition: Condition{Op: OpAlways}}},
	PhasePlay:     {Kind: PhasePlay, Play: PlayPhase{MinCards: 1, MaxCards: 2, Condition: Condition{Op: OpAlways}}},
	PhaseDiscard:  {Kind: PhaseDiscard, Discard: DiscardPhase{MaxCards: 3, Refill: true, Condition: Condition{Op: OpAlways}}},
	PhaseTrick:    {Kind: PhaseTrick, Trick: TrickPhase{FollowSuit: true, LeadCondition: Condition{Op: OpAlways}}},
	PhaseBetting:  {Kind: PhaseBetting, Betting: BettingPhase{MinBet: 4, MaxRaises: 2, Structure: PotLimit}},
	PhaseClaim:    {Kind: PhaseClaim, Claim: ClaimPhase{MinCards: 1, MaxCards: 4, FirstRank: cards.Ace}},
	PhaseShowdown: {Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}},
	PhaseAsk:      {Kind: PhaseAsk, Ask: AskPhase{MustHoldRank: true, FishCount: 1}},
}

// TestEveryPhaseKindIsComplete fails, naming the place, when a phase kind
// lacks one of the parts a kind needs in this package and the schema. (The
// rulebook sentence and the interpreter's operations have their own tests
// in genome/rulebook and engine/game.)
func TestEveryPhaseKindIsComplete(t *testing.T) {
	base, err := Seed("holdem_nl_heads_up")
	require.NoError(t, err)
	drawn := map[PhaseKind]bool{}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		for _, ph := range Random(rng, DefaultRandomOptions()).Phases {
			drawn[ph.Kind] = true
		}
	}
	verified := schemaField(t, schemaField(t, genomeSchema(), "phases").Table, "kind")
	for _, k := range PhaseKinds() {
		ex, ok := examplePhases[k]
		if !assert.Truef(t, ok, "phase kind %s: no example in examplePhases (genome/phasekinds_test.go)", k) {
			continue
		}
		f, ok := reflect.TypeFor[Phase]().FieldByName(strings.ToUpper(k.String()[:1]) + k.String()[1:])
		assert.Truef(t, ok && int(k) < reflect.TypeFor[Phase]().NumField() && reflect.TypeFor[Phase]().Field(int(k)).Name == f.Name,
			"phase kind %s: genome.Phase needs its field at index %d (genome/types.go)", k, k)
		assert.Equalf(t, k.String(), f.Tag.Get("json"), "phase kind %s: json tag of genome.Phase.%s", k, f.Name)
		fbName := strings.ToUpper(k.String()[:1]) + k.String()[1:] + "Phase"
		assert.Equalf(t, fbName, fb.EnumNamesPhaseKind[fb.PhaseKind(k)],
			"phase kind %s: schema/genome.fbs union PhaseKind needs %s = %d", k, fbName, k)
		assert.Truef(t, drawn[k], "phase kind %s: genome.Random never draws it (genome/random.go)", k)
		if int(k) < len(verified.Union) && verified.Union[k] != nil {
			assert.Equalf(t, fbName, verified.Union[k].Name,
				"phase kind %s: the verifier's Phase.kind union (genome/verify.go) needs %s at %d", k, fbName, k)
		} else {
			assert.Failf(t, "verifier", "phase kind %s: the verifier's Phase.kind union (genome/verify.go) lacks %s", k, fbName)
		}

		g := base.Clone()
		g.Phases = append(g.Phases, ex)
		for _, p := range Validate(g) {
			assert.NotContainsf(t, p.Reason, "no validation rules", "phase kind %s: Validate has no case for it (genome/validate.go)", k)
		}
		j, err := EncodeJSON(g)
		if assert.NoErrorf(t, err, "phase kind %s: JSON encoding (genome/json_encode.go)", k) {
			back, err := DecodeJSON(j)
			if assert.NoErrorf(t, err, "phase kind %s: JSON decoding (genome/json_decode.go)", k) {
				assert.Equalf(t, ex, back.Phases[len(back.Phases)-1], "phase kind %s: JSON round trip (genome/json_encode.go, json_decode.go)", k)
			}
		}
		b, err := EncodeFB(g)
		if assert.NoErrorf(t, err, "phase kind %s: FlatBuffers encoding (genome/flatbuffers_encode.go)", k) {
			back, err := DecodeFB(b)
			if assert.NoErrorf(t, err, "phase kind %s: FlatBuffers decoding (genome/flatbuffers_decode.go)", k) {
				assert.Equalf(t, ex, back.Phases[len(back.Phases)-1], "phase kind %s: FlatBuffers round trip (genome/flatbuffers_encode.go, flatbuffers_decode.go)", k)
			}
		}
	}
}

// schemaField finds the field called name in the verifier's description of
// table t.
func schemaField(t *testing.T, table *fbverify.Table, name string) fbverify.Field {
	t.Helper()
	require.NotNil(t, table)
	for _, f := range table.Fields {
		if f.Name == name {
			return f
		}
	}
	require.Failf(t, "verifier", "genome/verify.go: table %s has no field %s", table.Name, name)
	return fbverify.Field{}
}

// TestBettingPhaseDefaults: a betting phase whose fields are left out is
// the betting-phase-design seed's fixed-limit round, not an invalid one.
func TestBettingPhaseDefaults(t *testing.T) {
	j, err := SeedJSON("betting_war")
	require.NoError(t, err)
	s := string(j)
	i := strings.Index(s, `"betting": {`)
	require.GreaterOrEqual(t, i, 0, "betting_war has a betting phase")
	end := strings.Index(s[i:], "}")
	require.Greater(t, end, 0)
	s = s[:i] + `"betting": {}` + s[i+end+1:]
	g, err := DecodeJSON([]byte(s))
	require.NoError(t, err)
	var bp *BettingPhase
	for i := range g.Phases {
		if g.Phases[i].Kind == PhaseBetting {
			bp = &g.Phases[i].Betting
		}
	}
	require.NotNil(t, bp)
	assert.Equal(t, BettingPhase{MinBet: 10, MaxRaises: 3, Structure: FixedLimit}, *bp)
	assert.Empty(t, Validate(g))
}

// TestOmitDefault: a field tagged omit:"default" is left out of the JSON at
// its default and written otherwise, so adding one keeps content hashes.
func TestOmitDefault(t *testing.T) {
	type withNew struct {
		Old uint8        `json:"old"`
		New uint8        `json:"new" omit:"default"`
		Bet BettingPhase `json:"bet"`
	}
	type betNew struct {
		MinBet uint32 `json:"min_bet" omit:"default"`
	}
	enc := func(v any) string {
		e := encoder{}
		require.NoError(t, e.value(reflect.ValueOf(v), 0, nil))
		return e.buf.String()
	}
	assert.NotContains(t, enc(withNew{Old: 1}), `"new"`)
	assert.Contains(t, enc(withNew{Old: 1, New: 2}), `"new": 2`)
	assert.Contains(t, enc(withNew{}), `"old": 0`)
	assert.Contains(t, enc(betNew{MinBet: 10}), `"min_bet": 10`, "betNew has no defaults: 10 is not its default")
	assert.NotContains(t, enc(betNew{}), `"min_bet"`)
	for _, id := range SeedIDs() {
		g, err := Seed(id)
		require.NoError(t, err)
		want, err := SeedJSON(id)
		require.NoError(t, err)
		got, err := EncodeJSON(g)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%s: canonical JSON changed", id)
	}
}
