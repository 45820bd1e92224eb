package evolve

import (
	"image/color"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// writePlots writes fitness.svg/.png (best and mean fitness per
// generation) and diversity.svg/.png (diversity, archive coverage and the
// playable share) into dir.
func writePlots(dir string, history []GenRow) error {
	type series struct {
		name  string
		value func(GenRow) float64
		color color.RGBA
		dash  bool
	}
	blue := color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	orange := color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}
	green := color.RGBA{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}
	plots := []struct {
		file, title, ylabel string
		series              []series
	}{
		{"fitness", "Fitness per generation", "fitness", []series{
			{"best", func(r GenRow) float64 { return r.Best }, blue, false},
			{"mean", func(r GenRow) float64 { return r.Mean }, orange, true},
		}},
		{"diversity", "Diversity, archive coverage and playable share per generation", "share", []series{
			{"diversity", func(r GenRow) float64 { return r.Diversity }, blue, false},
			{"archive coverage", func(r GenRow) float64 { return r.Coverage }, orange, true},
			{"playable", func(r GenRow) float64 { return r.Playable }, green, true},
		}},
	}
	for _, pl := range plots {
		p := plot.New()
		p.Title.Text = pl.title
		p.X.Label.Text = "generation"
		p.Y.Label.Text = pl.ylabel
		p.Add(plotter.NewGrid())
		p.Legend.Top = true
		p.Legend.Left = true
		p.Legend.Padding = vg.Points(4)
		p.X.Tick.Marker = generationTicks(len(history))
		for _, s := range pl.series {
			pts := make(plotter.XYs, len(history))
			for i, r := range history {
				pts[i].X = float64(r.Generation)
				pts[i].Y = s.value(r)
			}
			line, points, err := plotter.NewLinePoints(pts)
			if err != nil {
				return err
			}
			line.Color, points.Color = s.color, s.color
			line.Width = vg.Points(2)
			if s.dash {
				line.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
			}
			points.Radius = vg.Points(2.5)
			p.Add(line, points)
			p.Legend.Add(s.name, line, points)
		}
		// Room above the lines for the legend.
		if pl.file == "diversity" {
			p.Y.Min, p.Y.Max = 0, 1
			p.Y.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "0"}, {Value: 0.2, Label: "0.2"}, {Value: 0.4, Label: "0.4"},
				{Value: 0.6, Label: "0.6"}, {Value: 0.8, Label: "0.8"}, {Value: 1, Label: "1"}}
		}
		p.Y.Max += (p.Y.Max - p.Y.Min) * 0.25 * float64(len(pl.series)) / 2
		if len(history) == 1 {
			p.X.Min, p.X.Max = -0.5, 0.5
		}
		for _, ext := range []string{".svg", ".png"} {
			if err := p.Save(7*vg.Inch, 4*vg.Inch, filepath.Join(dir, pl.file+ext)); err != nil {
				return err
			}
		}
	}
	return nil
}

// generationTicks labels whole generations, about ten of them.
func generationTicks(n int) plot.Ticker {
	step := max(1, (n+9)/10)
	var ticks plot.ConstantTicks
	for g := 0; g < n; g++ {
		t := plot.Tick{Value: float64(g)}
		if g%step == 0 {
			t.Label = strconv.Itoa(g)
		}
		ticks = append(ticks, t)
	}
	return ticks
}
