// Package schemarules holds mcplint's rules on definitions: input and output schemas (as the
// SDKs infer them from Go types or as written by hand), their portability across LLM vendors,
// names, descriptions, handlers, annotations, MCP Apps metadata, resources and templates,
// prompts, and the parity between a tool's structured output and its text rendering.
//
// Rules never import an SDK: they read mcpdefs, whose typewalk package mirrors the schema
// libraries the SDKs use.
package schemarules

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint/mcplint/analyzers/lint"
)

// Checks returns the schema rules, reading the definitions recognised by defs (the mcpdefs
// analyzer of the run's configuration). The rules share one model analyzer, so schemas are
// walked once per package, and name-unique and app-tool-resource-pairing share one fact
// analyzer.
func Checks(defs *analysis.Analyzer) []lint.Check {
	model := newModelAnalyzer(defs)
	facts := newFactsAnalyzer(defs)
	parity := newParityAnalyzer(model)
	with := func(id string, run func(*lint.Pass, *Model) error, extra ...*analysis.Analyzer) lint.Check {
		return lint.Check{
			IDs:      []string{id},
			Requires: append([]*analysis.Analyzer{model}, extra...),
			Run: func(p *lint.Pass) error {
				m := p.ResultOf[model].(*Model)
				if len(m.Defs) == 0 {
					return nil
				}
				return run(p, m)
			},
		}
	}
	withParity := func(id string, run func(*lint.Pass, *Model, *Parity) error) lint.Check {
		return with(id, func(p *lint.Pass, m *Model) error {
			return run(p, m, p.ResultOf[parity].(*Parity))
		}, parity)
	}
	withFacts := func(id string, run func(*lint.Pass, *Model, *Known) error) lint.Check {
		return with(id, func(p *lint.Pass, m *Model) error {
			return run(p, m, p.ResultOf[facts].(*Known))
		}, facts)
	}
	return []lint.Check{
		with("schema-is-object", schemaIsObject),
		with("schema-serializable", schemaSerializable),
		with("schema-tag-syntax", schemaTagSyntax),
		with("schema-tag-required-ignored", schemaTagRequiredIgnored),
		with("describe-on-fields", describeOnFields),
		with("schema-unsatisfiable", schemaUnsatisfiable),
		with("schema-format-portability", formatPortability),
		with("schema-anyof-needs-type", anyOfNeedsType),
		with("schema-no-discriminator-keyword", noDiscriminator),
		with("schema-no-defs", noDefs),
		with("schema-root-oneof-portability", rootOneOf),
		with("schema-dialect-tag", dialectTag),
		with("name-required", nameRequired),
		with("name-format", nameFormat),
		withFacts("name-unique", nameUnique),
		with("description-required", descriptionRequired),
		with("handler-required", handlerRequired),
		with("prompt-handler-required", promptHandlerRequired),
		with("annotation-coherence", annotationCoherence),
		with("auth-scope-format", authScopeFormat),
		with("meta-ui-type", metaUIType),
		with("meta-ui-resource-uri-required", metaUIResourceURIRequired),
		with("meta-ui-resource-uri-scheme", metaUIResourceURIScheme),
		withFacts("app-tool-resource-pairing", appToolResourcePairing),
		with("uri-template-required", uriTemplateRequired),
		with("uri-template-valid", uriTemplateValid),
		with("resource-name-not-uri", resourceNameNotURI),
		with("template-params-align", templateParamsAlign),
		withParity("format-parity", formatParity),
		withParity("format-parity-unchecked", formatParityUnchecked),
	}
}
