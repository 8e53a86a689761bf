package serverjson

import (
	"go/token"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// CodeValue is a string the Go code gives a server, with where it is set.
type CodeValue struct {
	Value string
	// Static is true when Value is a compile-time constant. A version set
	// with -ldflags -X or computed at run time is not static and is never
	// compared.
	Static bool
	Pos    token.Position
}

// CodeServer is one server construction's name and version.
type CodeServer struct {
	Name, Version CodeValue
}

// EnvRead is one os.Getenv / os.LookupEnv (or equivalent) with a constant name.
type EnvRead struct {
	Name string
	Pos  token.Position
	// Required is true when the code fails without the variable (an empty value leads to an
	// error return, log.Fatal, os.Exit or panic).
	Required bool
	// Optional is true when the code tests the variable and carries on without it.
	Optional bool
	// FallbackFor names the variable this one stands in for when that one is empty
	// (`if v == "" { v = os.Getenv("OLD_NAME") }`): typically a deprecated spelling.
	FallbackFor string
	// Transports are the transports on whose path the read lies: "stdio", "http" (streamable
	// HTTP or SSE). Empty: every transport (code every path runs, or a path not known).
	Transports []string
}

// CodeFacts is what the analyzer adapter gathers from the Go module whose
// server.json is checked. Zero fields are skipped.
type CodeFacts struct {
	// ServerName and ServerVersion come from mcp.NewServer(&mcp.Implementation{Name, Version})
	// or server.NewMCPServer(name, version).
	ServerName    CodeValue
	ServerVersion CodeValue
	// OtherServers are further servers the same program builds (an alternative
	// implementation behind a flag, say); the manifest agrees with the code when it
	// agrees with any of them.
	OtherServers []CodeServer
	// EmbeddedVersion is the content of a go:embed'ed VERSION file, with
	// Pos naming that file.
	EmbeddedVersion CodeValue
	// EnvReads lists the environment variables the server reads.
	EnvReads []EnvRead
	// EnvReadsComplete says every read had a constant name, so a declared
	// variable nobody reads is really unused.
	EnvReadsComplete bool
	// DependencyEnv are variables, or name prefixes ending in "_", that libraries the
	// server imports read on their own (client-go reads KUBECONFIG): a declared variable
	// among them is used even though the server's own code never names it.
	DependencyEnv []string
}

// Environment variables a server reads from its surroundings, not from its
// user's configuration; they never need declaring.
var ambientEnv = map[string]bool{
	"HOME": true, "PATH": true, "USER": true, "USERPROFILE": true, "PWD": true, "SHELL": true,
	"TMPDIR": true, "TEMP": true, "TMP": true, "LANG": true, "TERM": true, "HOSTNAME": true,
	"NO_COLOR": true, "CI": true, "HTTP_PROXY": true, "HTTPS_PROXY": true, "NO_PROXY": true,
	"http_proxy": true, "https_proxy": true, "no_proxy": true, "APPDATA": true, "LOCALAPPDATA": true,
	// Desktop and CI detection: set by the environment, never by the user for this server.
	"DISPLAY": true, "WAYLAND_DISPLAY": true, "BROWSER": true, "GITHUB_ACTIONS": true, "GITLAB_CI": true,
	"BUILDKITE": true, "CIRCLECI": true, "TF_BUILD": true, "RUNNER_OS": true, "COLORTERM": true, "TZ": true,
}

var credentialName = regexp.MustCompile(`(?i)(^|_)(TOKEN|SECRET|PASSWORD|PASSWD|APIKEY|API_KEY|ACCESS_KEY|SECRET_KEY|PRIVATE_KEY|CREDENTIALS?|PAT)(_|$)`)

// isCredentialName reports whether an environment variable name says it holds a secret.
func isCredentialName(name string) bool { return credentialName.MatchString(name) }

func isAmbientEnv(name string) bool {
	return ambientEnv[name] || strings.HasPrefix(name, "XDG_") || strings.HasPrefix(name, "LC_") ||
		strings.HasPrefix(name, "KUBERNETES_SERVICE_") || strings.HasPrefix(name, "GO")
}

// CheckCode compares a server.json with facts about the Go server it
// describes. It reports only the cross-check rules; Check reports the rest
// (and any parse failure, for which CheckCode returns nothing).
func CheckCode(data []byte, facts CodeFacts, opts Options) []Diagnostic {
	if int64(len(data)) > opts.maxBytes() {
		return nil
	}
	doc := Parse(data, ParseLimits{MaxDepth: opts.MaxDepth})
	if doc.Err != nil || doc.Root.Kind != KindObject {
		return nil
	}
	c := newChecker(doc.Root, opts)
	c.checkCodeVersion(facts)
	c.checkCodeName(facts)
	c.checkEnv(facts)
	sortDiagnostics(c.diags)
	return c.diags
}

func normVersion(v string) string {
	return strings.TrimPrefix(strings.TrimSpace(v), "v")
}

func (c *checker) checkCodeVersion(f CodeFacts) {
	m, v, err := field(c.root, "version")
	if m == nil || err != nil || v == "" || isPlaceholderVersion(v) {
		return
	}
	var first *CodeValue
	for _, sv := range append([]CodeValue{f.ServerVersion}, otherVersions(f)...) {
		if !sv.Static || sv.Value == "" {
			continue
		}
		if normVersion(sv.Value) == normVersion(v) {
			first = nil
			break
		}
		if first == nil {
			first = &sv
		}
	}
	if sv := first; sv != nil {
		c.report(ruleCodeVersionSync, m.Value.Pointer, "version %q differs from the initialize response's %q (%s); clients see two releases. Keep them in step", v, sv.Value, sv.Pos)
	}
	if ev := f.EmbeddedVersion; ev.Value != "" && normVersion(ev.Value) != normVersion(v) {
		c.report(ruleEmbeddedVersionSync, m.Value.Pointer, "version %q differs from the embedded VERSION file, %q (%s); the releases disagree. Update one", v, strings.TrimSpace(ev.Value), ev.Pos)
	}
}

func otherVersions(f CodeFacts) []CodeValue {
	var out []CodeValue
	for _, s := range f.OtherServers {
		out = append(out, s.Version)
	}
	return out
}

func (c *checker) checkCodeName(f CodeFacts) {
	m, name, err := field(c.root, "name")
	if m == nil || err != nil || name == "" {
		return
	}
	full := strings.ToLower(name)
	_, short, _ := strings.Cut(full, "/")
	candidates := []CodeValue{f.ServerName}
	for _, s := range f.OtherServers {
		candidates = append(candidates, s.Name)
	}
	var cv *CodeValue
	for _, cand := range candidates {
		if !cand.Static || cand.Value == "" {
			continue
		}
		code := strings.ToLower(cand.Value)
		if code == full || code == short || strings.HasSuffix(full, "/"+code) || strings.HasSuffix(short, "-"+code) || strings.HasSuffix(code, "/"+short) {
			return
		}
		if cv == nil {
			cv = &cand
		}
	}
	if cv == nil {
		return
	}
	c.report(ruleCodeNameSync, m.Value.Pointer, "name %q does not match the name the server reports in its initialize response, %q (%s); users see two names for one server. Name the Implementation after the part after '/' (%q) or the full registry name", name, cv.Value, cv.Pos, short)
}

// configuredByBundle reports whether a package is an MCP bundle (registryType "mcpb"): the
// bundle's own manifest declares what the user configures, so its server.json entry needs no
// environmentVariables (the registry's example and airtable-mcp-server declare none there).
func configuredByBundle(p *Node) bool {
	_, rt, _ := field(p, "registryType")
	return rt == "mcpb"
}

// declaredEnv collects the environment variable names server.json gives clients:
// environmentVariables, and docker-style "-e NAME=..." arguments. MCP bundles are left out
// (configuredByBundle).
func (c *checker) declaredEnv() (names map[string]string, firstPkg *Node) {
	names = map[string]string{}
	packages := c.root.Value("packages")
	if packages == nil || packages.Kind != KindArray {
		return names, nil
	}
	for _, p := range packages.Elems {
		if p.Kind != KindObject || configuredByBundle(p) {
			continue
		}
		if firstPkg == nil {
			firstPkg = p
		}
		if ev := p.Value("environmentVariables"); ev != nil && ev.Kind == KindArray {
			for _, e := range ev.Elems {
				if nm, n, err := field(e, "name"); nm != nil && err == nil && n != "" {
					if _, seen := names[n]; !seen {
						names[n] = nm.Value.Pointer
					}
				}
			}
		}
		for _, key := range []string{"runtimeArguments", "packageArguments"} {
			args := p.Value(key)
			if args == nil || args.Kind != KindArray {
				continue
			}
			for _, a := range args.Elems {
				for _, k := range []string{"value", "default"} {
					if vm, v, err := field(a, k); vm != nil && err == nil {
						name, _, _ := strings.Cut(v, "=")
						if isEnvName(name) {
							if _, seen := names[name]; !seen {
								names[name] = vm.Value.Pointer
							}
						}
					}
				}
			}
		}
	}
	return names, firstPkg
}

func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9')) {
			return false
		}
	}
	return true
}

// packageTransports are the transports the manifest's packages run on, "stdio" and "http"
// (streamable HTTP or SSE). Remotes are left out: their host configures them, not clients.
func (c *checker) packageTransports() map[string]bool {
	out := map[string]bool{}
	packages := c.root.Value("packages")
	if packages == nil || packages.Kind != KindArray {
		return out
	}
	for _, p := range packages.Elems {
		if p.Kind != KindObject || configuredByBundle(p) {
			continue
		}
		if t := p.Value("transport"); t != nil && t.Kind == KindObject {
			switch _, typ, _ := field(t, "type"); typ {
			case "stdio":
				out["stdio"] = true
			case "streamable-http", "sse":
				out["http"] = true
			}
		}
	}
	return out
}

// onTransports returns the declared transports a read is needed on: those of its path, or
// every declared one when it lies on every path (or none is declared).
func onTransports(r EnvRead, declared map[string]bool) []string {
	var out []string
	for _, t := range []string{"stdio", "http"} {
		if (len(r.Transports) == 0 || slices.Contains(r.Transports, t)) && (len(declared) == 0 || declared[t]) {
			out = append(out, t)
		}
	}
	return out
}

func (c *checker) checkEnv(f CodeFacts) {
	declared, firstPkg := c.declaredEnv()
	if firstPkg == nil {
		return // remote-only servers are configured by their host, not by clients
	}
	transports := c.packageTransports()
	// One entry per variable, from the reads on a transport a package declares: the first
	// read, required if any read fails without it, optional only if every read is.
	reads := map[string]EnvRead{}
	on := map[string][]string{}
	fallbacks := map[string][]string{}
	for _, r := range f.EnvReads {
		ts := onTransports(r, transports)
		if r.Name == "" || len(ts) == 0 {
			continue // read only where the declared transports never go
		}
		for _, t := range ts {
			if !slices.Contains(on[r.Name], t) {
				on[r.Name] = append(on[r.Name], t)
			}
		}
		if r.FallbackFor != "" && r.FallbackFor != r.Name && !slices.Contains(fallbacks[r.FallbackFor], r.Name) {
			fallbacks[r.FallbackFor] = append(fallbacks[r.FallbackFor], r.Name)
		}
		prev, seen := reads[r.Name]
		if !seen {
			reads[r.Name] = r
			continue
		}
		prev.Required = prev.Required || r.Required
		prev.Optional = prev.Optional && r.Optional
		if prev.FallbackFor == "" {
			prev.FallbackFor = r.FallbackFor
		}
		reads[r.Name] = prev
	}
	anchor := firstPkg.Pointer
	if ev := firstPkg.Get("environmentVariables"); ev != nil {
		anchor = ev.Value.Pointer
	}
	// Only variables a user must supply are worth a prompt: those the code cannot start
	// without, and credentials it reads without ever checking them (it would run
	// unauthenticated). A variable it tests and carries on without is optional; a fallback
	// for another variable is satisfied by that one.
	var missing []string
	for name, r := range reads {
		if _, ok := declared[name]; ok || isAmbientEnv(name) || r.FallbackFor != "" {
			continue
		}
		if !r.Required && (r.Optional || !isCredentialName(name)) {
			continue
		}
		if slices.ContainsFunc(fallbacks[name], func(fb string) bool { _, ok := declared[fb]; return ok }) {
			continue
		}
		missing = append(missing, name)
	}
	sort.Strings(missing)
	for _, name := range missing {
		r := reads[name]
		found := "uses credential " + name + " unchecked"
		if r.Required {
			found = "requires " + name
		}
		if fb := fallbacks[name]; len(fb) > 0 {
			sort.Strings(fb)
			found += " or deprecated fallback " + strings.Join(fb, ", ")
		}
		c.report(ruleEnvVarMissing, anchor, "%s transport %s (%s); declare it in environmentVariables", transportLabel(on[name]), found, r.Pos)
	}
	if !f.EnvReadsComplete {
		return
	}
	var unused []string
	for name := range declared {
		if _, ok := reads[name]; !ok && !readByDependency(name, f.DependencyEnv) {
			unused = append(unused, name)
		}
	}
	sort.Strings(unused)
	for _, name := range unused {
		c.report(ruleEnvVarUnused, declared[name], "environment variable %s is declared but never read; clients prompt for it uselessly. Remove it", name)
	}
}

// transportLabel names transports for a message.
func transportLabel(ts []string) string {
	var names []string
	for _, t := range []string{"stdio", "http"} {
		if slices.Contains(ts, t) {
			names = append(names, map[string]string{"stdio": "stdio", "http": "HTTP"}[t])
		}
	}
	return strings.Join(names, " and ")
}

// readByDependency reports whether name is among the variables, or under the prefixes,
// that the server's libraries read.
func readByDependency(name string, depEnv []string) bool {
	for _, d := range depEnv {
		if name == d || strings.HasSuffix(d, "_") && strings.HasPrefix(name, d) {
			return true
		}
	}
	return false
}
