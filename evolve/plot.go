package evolve

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
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

// archiveGrid is the archive as a plotter.GridXYZ: the best fitness of
// every cell over the first two descriptors (the best over the others),
// NaN for an empty cell.
type archiveGrid struct {
	ax, ay DescriptorConfig
	z      [][]float64 // [col][row]
}

func (a *archiveGrid) Dims() (c, r int)   { return a.ax.Bins, a.ay.Bins }
func (a *archiveGrid) Z(c, r int) float64 { return a.z[c][r] }
func (a *archiveGrid) X(c int) float64 {
	return a.ax.Min + (float64(c)+0.5)*(a.ax.Max-a.ax.Min)/float64(a.ax.Bins)
}
func (a *archiveGrid) Y(r int) float64 {
	return a.ay.Min + (float64(r)+0.5)*(a.ay.Max-a.ay.Min)/float64(a.ay.Bins)
}

// writeArchivePlot writes archive.png and archive.svg: the MAP-Elites
// archive as a heat map of its cells' fitness over the first two
// descriptors (one row when there is one), empty cells grey.
func writeArchivePlot(dir string, g *Grid) error {
	ax := g.Axes[0]
	ay := DescriptorConfig{Name: "(one row)", Min: 0, Max: 1, Bins: 1}
	if len(g.Axes) > 1 {
		ay = g.Axes[1]
	}
	ag := &archiveGrid{ax: ax, ay: ay, z: make([][]float64, ax.Bins)}
	for c := range ag.z {
		ag.z[c] = make([]float64, ay.Bins)
		for r := range ag.z[c] {
			ag.z[c][r] = math.NaN()
		}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, ind := range g.cells {
		if ind == nil {
			continue
		}
		d := ind.Descriptors
		cell := g.Cell(d)
		// The bins of the first two axes from the mixed-radix index.
		rest := 1
		for _, a := range g.Axes[1:] {
			rest *= a.Bins
		}
		c := cell / rest
		r := 0
		if len(g.Axes) > 1 {
			r = cell / (rest / g.Axes[1].Bins) % g.Axes[1].Bins
		}
		f := ind.Score.Fitness
		if z := ag.z[c][r]; math.IsNaN(z) || f > z {
			ag.z[c][r] = f
		}
		lo, hi = math.Min(lo, f), math.Max(hi, f)
	}
	p := plot.New()
	p.Title.Text = "MAP-Elites archive: fitness of each cell's elite"
	p.X.Label.Text = ax.Name
	p.Y.Label.Text = ay.Name
	if lo > hi { // an empty archive
		lo, hi = 0, 1
	}
	if hi-lo < 1e-9 {
		hi = lo + 1e-9
	}
	h := plotter.NewHeatMap(ag, palette.Heat(32, 1))
	h.Min, h.Max = lo, hi
	h.NaN = color.Gray{Y: 0xd0}
	p.Add(h)
	p.X.Min, p.X.Max = ax.Min, ax.Max
	p.Y.Min, p.Y.Max = ay.Min, ay.Max
	p.Legend.Add(fmt.Sprintf("fitness %.3f (dark) to %.3f (light); grey: empty", lo, hi))
	p.Legend.Top = true
	for _, ext := range []string{".svg", ".png"} {
		if err := p.Save(7*vg.Inch, 5*vg.Inch, filepath.Join(dir, "archive"+ext)); err != nil {
			return err
		}
	}
	return nil
}
