package genome

import "github.com/deckforge/deckforge/schema/fbverify"

// The FlatBuffers verifier: VerifyFB checks a buffer against a description
// of schema/genome.fbs with package fbverify before anything is read.

// Verifier limits.
const (
	maxFBDepth  = 64      // tables nested inside one another
	maxFBTables = 1 << 16 // tables in one buffer
	maxFBSize   = 1 << 26 // bytes in one buffer
)

func scalar(name string, size int) fbverify.Field { return fbverify.Scalar(name, size) }
func boolean(name string) fbverify.Field          { return fbverify.Bool(name) }

// genomeSchema describes schema/genome.fbs (tests check it against the
// generated code).
func genomeSchema() *fbverify.Table {
	cond := &fbverify.Table{Name: "Condition"}
	cond.Fields = []fbverify.Field{
		scalar("op", 1), scalar("test", 1), scalar("cmp", 1), scalar("value", 2),
		scalar("ranks", 2), scalar("suits", 1), fbverify.TableVector("args", cond),
	}
	setup := &fbverify.Table{Name: "Setup", Fields: []fbverify.Field{
		scalar("deck", 1), scalar("jokers", 1), fbverify.Vector("remove", 1),
		scalar("min_players", 1), scalar("max_players", 1), scalar("cards_per_player", 1),
		boolean("deal_all"), scalar("hand_size_change", 1), scalar("initial_discard", 1),
		scalar("tableau", 1), scalar("community", 1), scalar("trump", 1), scalar("trump_suit", 1),
		scalar("wild_ranks", 2), scalar("rank_order", 1), scalar("point_limit", 1),
		scalar("hands_per_game", 2), scalar("elimination", 1), scalar("starting_chips", 4),
		scalar("small_blind", 4), scalar("big_blind", 4), scalar("ante", 4),
	}}
	turns := &fbverify.Table{Name: "Turns", Fields: []fbverify.Field{
		scalar("direction", 1), scalar("first_player", 1), scalar("first_card", 1),
		scalar("cycle_start", 1), scalar("cycle_end", 1),
		fbverify.TableOf("cycle_until", cond), scalar("max_turns", 4),
	}}
	deal := &fbverify.Table{Name: "DealPhase", Fields: []fbverify.Field{scalar("to", 1), scalar("count", 1), boolean("face_up")}}
	draw := &fbverify.Table{Name: "DrawPhase", Fields: []fbverify.Field{
		scalar("actor", 1), scalar("source", 1), scalar("count", 1), boolean("mandatory"),
		boolean("repeat"), boolean("face_up"), fbverify.TableOf("condition", cond),
	}}
	play := &fbverify.Table{Name: "PlayPhase", Fields: []fbverify.Field{
		scalar("actor", 1), scalar("target", 1), fbverify.TableOf("condition", cond),
		scalar("min_cards", 1), scalar("max_cards", 1), boolean("same_rank"), boolean("mandatory"),
		scalar("if_unable", 1),
	}}
	discard := &fbverify.Table{Name: "DiscardPhase", Fields: []fbverify.Field{
		scalar("actor", 1), scalar("target", 1), scalar("min_cards", 1), scalar("max_cards", 1),
		scalar("set_size", 1), boolean("refill"), fbverify.TableOf("condition", cond),
	}}
	trick := &fbverify.Table{Name: "TrickPhase", Fields: []fbverify.Field{
		fbverify.TableOf("lead_condition", cond), boolean("follow_suit"),
		scalar("winner", 1), scalar("play_from", 1), scalar("tie", 1), scalar("war_cards", 1),
		scalar("collect", 1), boolean("awards_pot"),
	}}
	betting := &fbverify.Table{Name: "BettingPhase", Fields: []fbverify.Field{
		scalar("min_bet", 4), scalar("max_raises", 1), scalar("structure", 1),
	}}
	claim := &fbverify.Table{Name: "ClaimPhase", Fields: []fbverify.Field{
		scalar("min_cards", 1), scalar("max_cards", 1), scalar("rank_rule", 1),
		scalar("first_rank", 1), scalar("challenge", 1),
	}}
	showdown := &fbverify.Table{Name: "ShowdownPhase", Fields: []fbverify.Field{scalar("method", 1), scalar("hole_cards", 1)}}
	ask := &fbverify.Table{Name: "AskPhase", Fields: []fbverify.Field{
		scalar("target", 1), boolean("must_hold_rank"), scalar("fish_count", 1),
		boolean("again_on_success"), boolean("again_on_fish"),
	}}
	phase := &fbverify.Table{Name: "Phase", Fields: []fbverify.Field{
		fbverify.UnionType("kind_type"),
		fbverify.Union("kind", deal, draw, play, discard, trick, betting, claim, showdown, ask),
	}}
	effect := &fbverify.Table{Name: "Effect", Fields: []fbverify.Field{
		scalar("ranks", 2), scalar("suits", 1), scalar("kind", 1), scalar("target", 1), scalar("value", 1),
	}}
	scoring := &fbverify.Table{Name: "ScoringRule", Fields: []fbverify.Field{
		scalar("kind", 1), scalar("ranks", 2), scalar("suits", 1), scalar("points", 2),
	}}
	win := &fbverify.Table{Name: "WinCondition", Fields: []fbverify.Field{scalar("kind", 1), scalar("threshold", 4)}}
	return &fbverify.Table{Name: "Genome", Fields: []fbverify.Field{
		scalar("schema_version", 2), fbverify.String("id"), fbverify.String("name"),
		fbverify.StringVector("lineage"), scalar("generation", 4),
		fbverify.TableOf("setup", setup), fbverify.TableOf("turns", turns),
		fbverify.TableVector("phases", phase), fbverify.TableVector("effects", effect),
		fbverify.TableVector("scoring", scoring),
		fbverify.TableVector("win_conditions", win),
	}}
}

// VerifyFB checks that data is a well-formed genome buffer that the
// generated accessors can read without going out of bounds: offsets,
// vtables, vector and string lengths, bools, union types, the nesting depth
// and the number of tables (see package fbverify). The error names the
// path of the first problem and what is wrong.
func VerifyFB(data []byte) error {
	s := fbverify.Schema{
		Root: genomeSchema(), Identifier: FileIdentifier, Name: "genome",
		Prefix:  "flatbuffer: ",
		MaxSize: maxFBSize, MaxDepth: maxFBDepth, MaxTables: maxFBTables,
		// No byte referenced twice: a lineage of entries that all point at
		// one long string would expand a small buffer a thousandfold.
		Budget: true,
	}
	return s.Verify(data)
}
