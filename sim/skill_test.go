package sim

import (
	"context"
	"math"
	"testing"
)

// Greedy play pays in Crazy Eights: its skill gradient over random is
// positive, well beyond its standard error, and the paired baseline is the
// random agents' own share.
func TestSkillGradientGreedy(t *testing.T) {
	p := program(t, "crazy_eights")
	sk, err := SkillGradient(context.Background(), p, "greedy", 400, 5, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sk.Agent != "greedy" || sk.Games != 400 || len(sk.SeatGradient) != 2 {
		t.Fatalf("skill %+v", sk)
	}
	t.Logf("greedy: gradient %v ± %v", sk.Gradient, sk.StdErr)
	if !sk.Gradient.Valid || !sk.StdErr.Valid || sk.Gradient.Value < 3*sk.StdErr.Value {
		t.Fatalf("gradient %v ± %v", sk.Gradient, sk.StdErr)
	}
	if d := sk.WinRate.Value - sk.Baseline.Value - sk.Gradient.Value; math.Abs(d) > 1e-12 {
		t.Fatalf("win rate %v − baseline %v ≠ gradient %v", sk.WinRate, sk.Baseline, sk.Gradient)
	}
	// Two random players share the wins: the baseline is one half of
	// what is won (shared wins split), up to sampling noise.
	if math.Abs(sk.Baseline.Value-0.5) > 0.1 {
		t.Fatalf("baseline %v", sk.Baseline)
	}
	mean := (sk.SeatGradient[0].Value + sk.SeatGradient[1].Value) / 2
	if math.Abs(mean-sk.Gradient.Value) > 1e-12 {
		t.Fatalf("seat gradients %v do not average to %v", sk.SeatGradient, sk.Gradient)
	}
}

// A random agent compared with itself has no gradient at all: the paired
// games are the same games.
func TestSkillGradientOfRandomIsZero(t *testing.T) {
	sk, err := SkillGradient(context.Background(), program(t, "hearts"), "random", 30, 1, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sk.Gradient.Value != 0 || sk.StdErr.Value != 0 {
		t.Fatalf("random vs random: %v ± %v", sk.Gradient, sk.StdErr)
	}
}
