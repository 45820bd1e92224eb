package fbverify

// Kind is how a field is stored.
type Kind uint8

// The kinds of field.
const (
	KindScalar       Kind = iota // an inline scalar of Size bytes
	KindBool                     // an inline byte that must be 0 or 1
	KindEnum                     // an inline byte below Limit
	KindString                   // offset to a string
	KindTable                    // offset to a table described by Table
	KindVector                   // offset to a vector of Size-byte scalars or structs
	KindStringVector             // offset to a vector of string offsets
	KindTableVector              // offset to a vector of offsets to tables described by Table
	KindUnionType                // the type byte of the union in the next field
	KindUnion                    // offset to the union's table, described by Union[type]
)

// Field describes one field of a table.
type Field struct {
	Name  string // as in the schema (snake_case), for errors
	Kind  Kind
	Size  int      // KindScalar: bytes; KindVector: bytes per element
	Limit int      // KindEnum: the number of values
	Table *Table   // KindTable, KindTableVector
	Union []*Table // KindUnion: index = union type; [0] (NONE) is nil
}

// Table describes a table: its fields in slot order, field i at vtable
// offset 4+2i.
type Table struct {
	Name   string // as in the schema and the generated code
	Fields []Field
}

// Scalar returns an inline scalar field of size bytes.
func Scalar(name string, size int) Field { return Field{Name: name, Kind: KindScalar, Size: size} }

// Bool returns a bool field.
func Bool(name string) Field { return Field{Name: name, Kind: KindBool, Size: 1} }

// Enum returns a one-byte enum field with n values, 0 to n-1.
func Enum(name string, n int) Field { return Field{Name: name, Kind: KindEnum, Size: 1, Limit: n} }

// String returns a string field.
func String(name string) Field { return Field{Name: name, Kind: KindString} }

// TableOf returns a field holding a table described by t.
func TableOf(name string, t *Table) Field { return Field{Name: name, Kind: KindTable, Table: t} }

// Vector returns a vector of scalars or structs of elem bytes each (with
// their padding).
func Vector(name string, elem int) Field { return Field{Name: name, Kind: KindVector, Size: elem} }

// StringVector returns a vector of strings.
func StringVector(name string) Field { return Field{Name: name, Kind: KindStringVector} }

// TableVector returns a vector of tables described by t.
func TableVector(name string, t *Table) Field {
	return Field{Name: name, Kind: KindTableVector, Table: t}
}

// UnionType returns the type byte of a union; the union itself must be the
// next field.
func UnionType(name string) Field { return Field{Name: name, Kind: KindUnionType, Size: 1} }

// Union returns a union field whose types 1, 2, … are described by members.
func Union(name string, members ...*Table) Field {
	return Field{Name: name, Kind: KindUnion, Union: append([]*Table{nil}, members...)}
}

// inline reports the bytes the field takes inside its table.
func (f *Field) inline() uint64 {
	switch f.Kind {
	case KindScalar, KindBool, KindEnum, KindUnionType:
		return uint64(f.Size)
	}
	return 4
}
