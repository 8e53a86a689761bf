package rule

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type declKinds struct{}

func perPackage(*declKinds) Kind[func(*Pass)] { return Kind[func(*Pass)]{} }

// goodRules declares two rules, an unexported helper and nothing else.
type goodRules struct{}

func (goodRules) ResultAndError() Entry[*declKinds] {
	return Declare(Check[func(*Pass)]{ID: "result-and-error", Run: func(*Pass) {}}, perPackage)
}

func (goodRules) PreferMCPError() Entry[*declKinds] {
	return Declare(Check[func(*Pass)]{ID: "prefer-mcp-error", Status: Planned}, perPackage)
}

func (goodRules) helper() string { return "not a rule" }

// badRules has every mistake CheckDeclared refuses.
type badRules struct{}

func (badRules) ResultAndError() Entry[*declKinds] {
	return Declare(Check[func(*Pass)]{ID: "result-and-error", Run: func(*Pass) {}}, perPackage)
}

// Misnamed declares result-and-error again, under a name that is not its ID.
func (badRules) Misnamed() Entry[*declKinds] {
	return Declare(Check[func(*Pass)]{ID: "result-and-error", Run: func(*Pass) {}}, perPackage)
}

// TakesArgument is exported but cannot be a declaration.
func (badRules) TakesArgument(int) Entry[*declKinds] { return Entry[*declKinds]{} }

// OtherKinds returns an entry of another family's kinds.
func (badRules) OtherKinds() Entry[struct{}] { return Entry[struct{}]{} }

type noRules struct{}

func TestDeclaredFindsEveryMethodInNameOrder(t *testing.T) {
	entries := Declared[goodRules, *declKinds]("handlerrules")
	require.Len(t, entries, 2, "an unexported method (%s) is no rule", goodRules{}.helper())
	assert.Equal(t, "prefer-mcp-error", entries[0].Rule().ID, "methods come in name order")
	assert.Equal(t, "result-and-error", entries[1].Rule().ID)
	for _, e := range entries {
		assert.Equal(t, Family("handlerrules"), e.Rule().Family, "every rule is in the family Declared is given")
	}
	assert.Len(t, Groups(entries, &declKinds{}, nil), 1, "only the implemented rule runs")
	require.NoError(t, CheckDeclared[goodRules, *declKinds]())
}

func TestCheckDeclaredRefusesMistakes(t *testing.T) {
	assert.Len(t, Declared[badRules, *declKinds]("handlerrules"), 2, "Misnamed and ResultAndError have the declaration's shape")
	err := CheckDeclared[badRules, *declKinds]()
	require.Error(t, err)
	for _, want := range []string{
		"rule.badRules.Misnamed declares rule result-and-error: name the method after the ID (ResultAndError)",
		"rule.badRules.Misnamed and rule.badRules.ResultAndError both declare rule result-and-error",
		"rule.badRules.TakesArgument is exported but is no rule declaration",
		"rule.badRules.OtherKinds is exported but is no rule declaration",
	} {
		assert.Contains(t, err.Error(), want)
	}
	assert.ErrorContains(t, CheckDeclared[noRules, *declKinds](), "rule.noRules declares no rule")
	assert.ErrorContains(t, CheckDeclared[*goodRules, *declKinds](), "is no struct type")
	assert.Empty(t, Declared[*goodRules, *declKinds]("handlerrules"), "a nil pointer is no receiver to call")
}
