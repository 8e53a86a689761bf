package sdkapi

import "go/types"

// This file is the vocabulary of text the model reads: which SDK constructors' arguments and
// which SDK types' fields become it (secret-in-model-text follows credentials to them).

// ModelText names text a model reads, as the SDKs build it: a tool result's text, a tool
// error's text, content text (of a result or a prompt message), resource contents, descriptions.
type ModelText string

// The places text reaches the model from.
const (
	ResultText   ModelText = "tool result text"
	ErrorText    ModelText = "tool error text"
	ContentText  ModelText = "content text"
	ResourceText ModelText = "resource contents"
	// DescriptionText: a tool's, parameter's, prompt's or resource's description, which the
	// list methods send to the model.
	DescriptionText ModelText = "a description"
)

// modelTextArgs maps an SDK constructor or method to what its arguments become, and which
// arguments (SSA's, the receiver first for a method) those are.
var modelTextArgs = map[string]struct {
	text ModelText
	args []int
}{
	MarkLabsMCPPath + ".NewToolResultText":         {ResultText, []int{0}},
	MarkLabsMCPPath + ".NewToolResultStructured":   {ResultText, []int{1}},
	MarkLabsMCPPath + ".NewToolResultError":        {ErrorText, []int{0}},
	MarkLabsMCPPath + ".NewToolResultErrorf":       {ErrorText, []int{0, 1}},
	MarkLabsMCPPath + ".NewToolResultErrorFromErr": {ErrorText, []int{0, 1}},
	MarkLabsMCPPath + ".NewTextContent":            {ContentText, []int{0}},
	MarkLabsMCPPath + ".NewReadResourceResult":     {ResourceText, []int{0}},
	GoSDKMCPPath + ".CallToolResult.SetError":      {ErrorText, []int{1}},
	MarkLabsMCPPath + ".WithDescription":           {DescriptionText, []int{0}},
	MarkLabsMCPPath + ".Description":               {DescriptionText, []int{0}},
	MarkLabsMCPPath + ".WithPromptDescription":     {DescriptionText, []int{0}},
	MarkLabsMCPPath + ".ArgumentDescription":       {DescriptionText, []int{0}},
	MarkLabsMCPPath + ".WithResourceDescription":   {DescriptionText, []int{0}},
	MarkLabsMCPPath + ".WithTemplateDescription":   {DescriptionText, []int{0}},
}

// ModelTextArgs returns what fn's arguments become when fn is an SDK constructor whose text
// reaches the model, and the indexes of those arguments among an SSA call's (receiver
// first); ok is false for any other function.
func ModelTextArgs(fn *types.Func) (text ModelText, args []int, ok bool) {
	if fn == nil {
		return "", nil, false
	}
	m, ok := modelTextArgs[Key(fn.Origin())]
	return m.text, m.args, ok
}

// modelTextFields maps an SDK type's string field to what the text stored in it becomes.
var modelTextFields = map[string]ModelText{
	GoSDKMCPPath + ".TextContent.Text":             ContentText,
	GoSDKMCPPath + ".ResourceContents.Text":        ResourceText,
	MarkLabsMCPPath + ".TextContent.Text":          ContentText,
	MarkLabsMCPPath + ".TextResourceContents.Text": ResourceText,
	GoSDKMCPPath + ".Tool.Description":             DescriptionText,
	GoSDKMCPPath + ".Prompt.Description":           DescriptionText,
	GoSDKMCPPath + ".PromptArgument.Description":   DescriptionText,
	GoSDKMCPPath + ".Resource.Description":         DescriptionText,
	GoSDKMCPPath + ".ResourceTemplate.Description": DescriptionText,
	MarkLabsMCPPath + ".Tool.Description":          DescriptionText,
	JSONSchemaPath + ".Schema.Description":         DescriptionText,
}

// ModelTextField reports what text stored into field name of the struct type t (or a pointer
// to it) becomes, when t is an SDK type whose field the model reads.
func ModelTextField(t types.Type, name string) (ModelText, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", false
	}
	text, ok := modelTextFields[n.Obj().Pkg().Path()+"."+n.Obj().Name()+"."+name]
	return text, ok
}
