package stats

import "testing"

// TestCasesCoverEverySide checks that the hand-written cases of
// TestManeuvers make every maneuver on every side it has, and put a
// defender against it on each side.
func TestCasesCoverEverySide(t *testing.T) {
	var tot Counts
	for _, c := range maneuverCases {
		tr := play(t, c.hand)
		for s := 0; s < tr.Players(); s++ {
			r := tr.Record(s)
			tot.Add(&r.Stats)
		}
	}
	for m := Maneuver(0); m < NumManeuvers; m++ {
		for side := IP; side <= OOP; side++ {
			if m.HasSide(side) && tot[StatOf(m, side, Attempts)] == 0 {
				t.Errorf("no case with %s_%s_attempts", m, side)
			}
			if m.HasTakedowns() && m.HasSide(side) && tot[StatOf(m, side, Takedowns)] == 0 {
				t.Errorf("no case with %s_%s_takedowns", m, side)
			}
			if m.HasDefender() {
				for _, k := range []Counter{Continues, Folds} {
					if tot[StatOf(m, side, k)] == 0 {
						t.Errorf("no case with %s_%s_%s", m, side, k)
					}
				}
			}
		}
	}
}
