package mcpmodel

import (
	"github.com/yosida95/uritemplate/v3"
)

// URITemplate is an RFC 6570 URI template parsed by the library both SDKs use
// (github.com/yosida95/uritemplate/v3): what it rejects, go-sdk's AddResourceTemplate and
// mark3labs' NewResourceTemplate panic on.
type URITemplate struct {
	t *uritemplate.Template
}

// ParseURITemplate parses s as the SDKs do.
func ParseURITemplate(s string) (*URITemplate, error) {
	t, err := uritemplate.New(s)
	if err != nil {
		return nil, err
	}
	return &URITemplate{t: t}, nil
}

// Vars lists the template's variable names in order of first use.
func (u *URITemplate) Vars() []string { return u.t.Varnames() }

// Matches reports whether uri is an instance of the template, as the SDKs match resource
// reads against templates.
func (u *URITemplate) Matches(uri string) bool { return u.t.Regexp().MatchString(uri) }
