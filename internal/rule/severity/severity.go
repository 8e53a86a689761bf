// Package severity is the one scale every finding is rated on: the rule framework's
// (internal/rule, which names it rule.Severity) and the server.json library's, which is
// usable without go/analysis and so cannot import the framework. It imports nothing of the
// module.
package severity

import (
	"fmt"
	"strings"
)

// Severity says whether a finding fails the run by default.
type Severity int

// The severities, from the mildest.
const (
	// Info findings are never failures; they note something the user must finish elsewhere
	// (a server.json release template, for example).
	Info Severity = iota
	Warning
	Error
)

func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// Parse accepts the spellings users write in config and flags.
func Parse(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "info", "note":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "error", "err":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}
