package schemarules

import (
	"testing"

	"github.com/mcplint-go/mcplint/internal/rule"
)

// TestRulesAreDeclared: every exported method of rules declares one rule and is named after
// its ID, so rule.Declared finds each rule once and a reader finds it by name.
func TestRulesAreDeclared(t *testing.T) {
	if err := rule.CheckDeclared[rules, *kinds](); err != nil {
		t.Error(err)
	}
}
