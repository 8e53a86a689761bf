package sdkapi

import "go/types"

// Field is a string field of a definition that a mark3labs option sets.
type Field int

// The definition fields an SDK option sets; NoField for an option that sets none.
const (
	NoField Field = iota
	Description
	Title
	MIMEType
)

// markLabsFieldOptions are the mark3labs options that set a definition's string field to their
// first argument.
var markLabsFieldOptions = map[string]Field{
	"WithDescription": Description, "WithResourceDescription": Description, "WithTemplateDescription": Description, "WithPromptDescription": Description,
	"WithToolTitle": Title, "WithResourceTitle": Title, "WithTemplateTitle": Title, "WithPromptTitle": Title,
	"WithMIMEType": MIMEType, "WithTemplateMIMEType": MIMEType,
}

// MarkLabsFieldOption is the field a mark3labs option function sets to its first argument, or
// NoField when fn is no such option.
func MarkLabsFieldOption(fn *types.Func) Field {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != MarkLabsMCPPath {
		return NoField
	}
	return markLabsFieldOptions[fn.Name()]
}
