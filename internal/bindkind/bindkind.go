// Package bindkind says which kinds of Go values mcptool binds a string to (a prompt
// argument, a URI template variable). The runtime library decides it by reflection and the
// linter's model by types; both ask this one list, so the linter reports exactly the fields
// the runtime would refuse. It imports nothing of the module, so the runtime library links no
// linter code.
package bindkind

// scalars are the basic kinds a string binds to, spelled as reflect.Kind.String and the
// go/types basic type of each kind (types.Typ[kind].Name()) spell them.
var scalars = map[string]bool{
	"string": true, "bool": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"float32": true, "float64": true,
}

// Scalar reports whether a value of the basic kind named kind binds a string.
func Scalar(kind string) bool { return scalars[kind] }

// SliceOf reports whether a slice whose elements are of the basic kind named elem binds:
// a comma-separated list binds to a slice of a string kind only.
func SliceOf(elem string) bool { return elem == "string" }
