package fbverify

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// Generated is what the Go code flatc generates says about a schema's
// layout, read from its source by Parse.
type Generated struct {
	Slots       map[string]map[string]int // table → accessor → vtable offset
	Fields      map[string]int            // table → number of fields (builder.StartObject in <Table>Start)
	StructSizes map[string]int            // struct → bytes (builder.Prep in Create<Struct>)
}

// Parse reads the generated Go files.
func Parse(files []string) (*Generated, error) {
	g := &Generated{Slots: map[string]map[string]int{}, Fields: map[string]int{}, StructSizes: map[string]int{}}
	fset := token.NewFileSet()
	for _, name := range files {
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				g.function(fn)
			}
		}
	}
	return g, nil
}

// function records the vtable offsets an accessor reads, the field count a
// table's Start function declares and the size a struct's Create function
// prepares.
func (g *Generated) function(fn *ast.FuncDecl) {
	name := fn.Name.Name
	recv := ""
	if fn.Recv != nil && len(fn.Recv.List) == 1 {
		recv = strings.TrimPrefix(exprString(fn.Recv.List[0].Type), "*")
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		last, ok := intLiteral(call.Args[len(call.Args)-1])
		if !ok {
			return true
		}
		switch f := exprString(call.Fun); {
		case recv != "" && f == "rcv._tab.Offset" && len(call.Args) == 1:
			if g.Slots[recv] == nil {
				g.Slots[recv] = map[string]int{}
			}
			g.Slots[recv][name] = last
		case fn.Recv == nil && f == "builder.StartObject" && strings.HasSuffix(name, "Start"):
			g.Fields[strings.TrimSuffix(name, "Start")] = last
		case fn.Recv == nil && f == "builder.Prep" && strings.HasPrefix(name, "Create") && len(call.Args) == 2:
			g.StructSizes[strings.TrimPrefix(name, "Create")] = last
		}
		return true
	})
}

// Differences lists where the description of the tables reachable from
// root disagrees with the generated code: a field's vtable offset or
// accessor, a table's field count, or the number of tables.
func (g *Generated) Differences(root *Table) []string {
	var diffs []string
	seen := map[*Table]bool{}
	var check func(d *Table)
	check = func(d *Table) {
		if d == nil || seen[d] {
			return
		}
		seen[d] = true
		if g.Fields[d.Name] != len(d.Fields) {
			diffs = append(diffs, fmt.Sprintf("%s: described with %d fields, generated with %d", d.Name, len(d.Fields), g.Fields[d.Name]))
		}
		for i, f := range d.Fields {
			name := camel(f.Name)
			got, ok := g.Slots[d.Name][name]
			if !ok {
				diffs = append(diffs, fmt.Sprintf("%s.%s: no generated accessor %s", d.Name, f.Name, name))
				continue
			}
			if got != 4+2*i {
				diffs = append(diffs, fmt.Sprintf("%s.%s: described at vtable offset %d, generated at %d", d.Name, f.Name, 4+2*i, got))
			}
			check(f.Table)
			for _, u := range f.Union {
				check(u)
			}
		}
	}
	check(root)
	if len(seen) != len(g.Fields) {
		diffs = append(diffs, fmt.Sprintf("described %d tables, generated %d", len(seen), len(g.Fields)))
	}
	return diffs
}

func intLiteral(e ast.Expr) (int, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.Atoi(lit.Value)
	return v, err == nil
}

func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	}
	return ""
}

// camel turns a schema name (snake_case) into its accessor's name.
func camel(s string) string {
	var b strings.Builder
	for part := range strings.SplitSeq(s, "_") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}
