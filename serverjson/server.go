package serverjson

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Facts about the registry (v1.8.7, internal/validators) that these rules
// mirror. The code is written here; only the facts carry over.
var (
	namespaceRe = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]$`)
	namePartRe  = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]$`)

	// Version range shapes the registry rejects. A prerelease such as
	// 1.0.0-next matches none of them.
	comparatorRangeRe = regexp.MustCompile(`^\s*(?:\^|~|>=|<=|>|<|=)\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	hyphenRangeRe     = regexp.MustCompile(`^\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s-\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*$`)
	orRangeRe         = regexp.MustCompile(`^\s*(?:v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)(?:\|\|\s*v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?\s*)+$`)
	wildcardRe        = regexp.MustCompile(`^\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*$`)

	// Semantic Versioning 2.0.0, with the optional leading v the registry tolerates.
	semverRe = regexp.MustCompile(`^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)

	githubRepoRe = regexp.MustCompile(`^https?://(www\.)?github\.com/[\w.-]+/[\w.-]+/?$`)
	gitlabRepoRe = regexp.MustCompile(`^https?://(www\.)?gitlab\.com/[\w.-]+(/[\w.-]+)+/?$`)
	subfolderRe  = regexp.MustCompile(`^[a-zA-Z0-9\-_./]+$`)

	templateVarRe = regexp.MustCompile(`\{([^}]+)\}`)
	portVarRe     = regexp.MustCompile(`:(\{[^}]+\})(/|$)`)

	githubReleaseRe  = regexp.MustCompile(`^/([a-zA-Z0-9]([a-zA-Z0-9\-]{0,37}[a-zA-Z0-9])?)/([a-zA-Z0-9._\-]+)/releases/download/([^/]+)/([^/]+)$`)
	gitlabReleaseRe  = regexp.MustCompile(`^/([a-zA-Z0-9._\-]+(?:/[a-zA-Z0-9._\-]+)*)/-/releases/([^/]+)/downloads/([^/]+)$`)
	gitlabPackageRe  = regexp.MustCompile(`^/([a-zA-Z0-9._\-]+(?:/[a-zA-Z0-9._\-]+)*)/-/package_files/([0-9]+)/download$`)
	inputFormats     = []string{"string", "number", "boolean", "filepath"}
	registryBaseURLs = map[string]string{
		"npm":   "https://registry.npmjs.org",
		"pypi":  "https://pypi.org",
		"nuget": "https://api.nuget.org/v3/index.json",
		"cargo": "https://crates.io",
	}
)

const publisherProvidedKey = "io.modelcontextprotocol.registry/publisher-provided"

func (c *checker) checkServer() {
	root := c.root
	c.checkName()

	// description
	if m, s, err := field(root, "description"); m == nil || (err == nil && strings.TrimSpace(s) == "") {
		c.report(ruleDescriptionRequired, "/description", "description is missing; the registry rejects the file. Add up to 100 characters")
	} else if err == nil {
		if n := utf8.RuneCountInString(s); n > 100 {
			c.report(ruleDescriptionLength, m.Value.Pointer, "description is %d characters; the registry rejects over 100. Shorten it", n)
		}
	}

	// title
	if m, s, err := field(root, "title"); m != nil && err == nil && s != "" && strings.TrimSpace(s) == "" {
		c.report(ruleTitle, m.Value.Pointer, "title is only whitespace; the registry rejects it. Remove it or give a display name")
	}

	c.checkRootVersion()

	// repository
	if m := root.Get("repository"); m != nil {
		c.checkRepository(m.Value)
	}

	// websiteUrl
	if m, s, err := field(root, "websiteUrl"); m != nil && err == nil && s != "" {
		if problem := websiteURLProblem(s); problem != "" {
			c.report(ruleWebsiteURL, m.Value.Pointer, "websiteUrl %q %s; the registry rejects it. Use an absolute https:// URL", s, problem)
		}
	}

	// icons
	if icons := root.Value("icons"); icons != nil && icons.Kind == KindArray {
		for _, icon := range icons.Elems {
			if m, s, err := field(icon, "src"); m != nil && err == nil {
				if problem := iconSrcProblem(s); problem != "" {
					c.report(ruleIconSrc, m.Value.Pointer, "icon src %q %s; the registry rejects it. Use an absolute https:// URL", s, problem)
				}
			}
		}
	}

	// packages
	for _, p := range c.arrayElems(root, "packages", rulePackagesType, "Use an array of package objects") {
		c.checkPackage(p)
	}

	// remotes
	for _, r := range c.arrayElems(root, "remotes", ruleRemotesType, "Use an array of remote objects") {
		c.checkRemote(r)
	}

	// _meta publisher-provided size
	if meta := root.Value("_meta"); meta != nil && meta.Kind == KindObject {
		if pp := meta.Get(publisherProvidedKey); pp != nil {
			if b, err := json.Marshal(toInstance(pp.Value)); err == nil && len(b) > 4096 {
				c.report(ruleMetaSize, pp.Value.Pointer, "publisher-provided _meta is %d bytes; the registry rejects over 4 KB. Link to bulky data instead", len(b))
			}
		}
	}
}

// requiredRootString returns the string at the root's key and its pointer. It reports rule
// with message when the key is missing or empty; ok is false then, and when the value is no
// string (the JSON Schema reports the type).
func (c *checker) requiredRootString(key, rule, message string) (val, ptr string, ok bool) {
	m, s, err := field(c.root, key)
	if m == nil || (err == nil && s == "") {
		c.report(rule, "/"+key, "%s", message)
		return "", "", false
	}
	if err != nil {
		return "", "", false
	}
	return s, m.Value.Pointer, true
}

func (c *checker) checkName() {
	name, ptr, ok := c.requiredRootString("name", ruleNameRequired, "name is missing; the registry rejects the file. Add one, e.g. \"io.github.OWNER/REPO\"")
	if !ok {
		return
	}
	if n := utf8.RuneCountInString(name); n < 3 || n > 200 {
		c.report(ruleNameLength, ptr, "name is %d characters; the registry accepts 3 to 200", n)
	}
	if problem := serverNameProblem(name); problem != "" {
		c.report(ruleNameFormat, ptr, "name %q %s; the registry rejects it. Use e.g. \"io.github.OWNER/REPO\"", name, problem)
	}
}

// serverNameProblem mirrors the registry's name parsing.
func serverNameProblem(name string) string {
	switch strings.Count(name, "/") {
	case 0:
		return "has no '/' between namespace and name"
	case 1:
	default:
		return "has more than one '/'"
	}
	ns, rest, _ := strings.Cut(name, "/")
	if ns == "" || rest == "" {
		return "has an empty namespace or name part"
	}
	if !namespaceRe.MatchString(ns) {
		return fmt.Sprintf("has invalid namespace %q", ns)
	}
	if !namePartRe.MatchString(rest) {
		return fmt.Sprintf("has invalid name part %q", rest)
	}
	return ""
}

func (c *checker) checkRootVersion() {
	v, ptr, ok := c.requiredRootString("version", ruleVersionRequired, "version is missing; the registry rejects the file. Add this release's version, e.g. \"1.0.0\"")
	if !ok {
		return
	}
	if utf8.RuneCountInString(v) > 255 {
		c.report(ruleVersionLength, ptr, "version is longer than 255 characters; the registry rejects it")
		return
	}
	if isPlaceholderVersion(v) {
		return // reported by checkPlaceholders
	}
	if v == "latest" {
		c.report(ruleVersionNoRange, ptr, "version \"latest\" is reserved; the registry rejects it. Give the specific version of this release")
		return
	}
	if looksLikeRange(v) {
		c.report(ruleVersionNoRange, ptr, "version %q is a range; the registry rejects it. Give this release's exact version", v)
		return
	}
	c.checkRangeQuirk(ptr, v)
	if !semverRe.MatchString(v) {
		c.report(ruleVersionSemver, ptr, "version %q is not semver; the registry cannot order releases. Use MAJOR.MINOR.PATCH", v)
	}
	if pj := c.opts.PackageJSONVersion; pj != "" && !isPlaceholderVersion(pj) && pj != v {
		c.report(ruleVersionSync, ptr, "version %q differs from package.json's %q; clients install another release. Keep them in step", v, pj)
	}
}

// looksLikeRange reports a real range: comparators, hyphen and || ranges, and
// x / X / * standing for a whole version component. A prerelease such as
// 1.0.0-next is a specific version.
func looksLikeRange(v string) bool {
	t := strings.TrimSpace(v)
	if t == "" {
		return false
	}
	if comparatorRangeRe.MatchString(t) || hyphenRangeRe.MatchString(t) || orRangeRe.MatchString(t) {
		return true
	}
	if !wildcardRe.MatchString(t) {
		return false
	}
	core, _, _ := strings.Cut(t, "-")
	return strings.ContainsAny(core, "xX*")
}

// registryMisreadsAsRange mirrors the registry's own test (v1.8.7), which
// looks for x, X or * anywhere, prerelease included: it rejects 1.0.0-next.
func registryMisreadsAsRange(v string) bool {
	t := strings.TrimSpace(v)
	return !looksLikeRange(v) && wildcardRe.MatchString(t) && strings.ContainsAny(t, "xX*")
}

func (c *checker) checkRangeQuirk(ptr, v string) {
	if registryMisreadsAsRange(v) {
		c.report(ruleVersionMisreadAsRange, ptr, "version %q contains x, X or *; the registry rejects it as a range. Use e.g. \"-rc.1\"", v)
	}
}

// isObject reports whether n is a JSON object, and reports rule when it is not: mcp-publisher
// cannot decode it as what; use says what to write instead.
func (c *checker) isObject(n *Node, rule, what, use string) bool {
	if n.Kind == KindObject {
		return true
	}
	c.report(rule, n.Pointer, "%s is a %s; mcp-publisher cannot decode it. %s", what, n.Kind, use)
	return false
}

// arrayElems returns the elements of the array at obj's key: none when the key is absent,
// or when it holds no array, which it reports under rule (use says what to write instead).
func (c *checker) arrayElems(obj *Node, key, rule, use string) []*Node {
	m := obj.Get(key)
	if m == nil {
		return nil
	}
	if m.Value.Kind != KindArray {
		c.report(rule, m.Value.Pointer, "%s is a %s; mcp-publisher cannot decode it. %s", key, m.Value.Kind, use)
		return nil
	}
	return m.Value.Elems
}

func (c *checker) checkRepository(n *Node) {
	if !c.isObject(n, ruleRepositoryType, "repository", "Use an object with url and source") {
		return
	}
	um, u, uerr := field(n, "url")
	sm, s, serr := field(n, "source")
	ok := true
	if um == nil || (uerr == nil && u == "") {
		c.report(ruleRepositoryURL, n.Pointer+"/url", "repository has no url; the registry rejects it. Add its https URL or remove repository")
		ok = false
	}
	if sm == nil || (serr == nil && s == "") {
		c.report(ruleRepositorySource, n.Pointer+"/source", "repository has no source; the registry rejects it. Add \"source\": \"github\" or \"gitlab\"")
		ok = false
	}
	if !ok || uerr != nil || serr != nil {
		return
	}
	valid := false
	switch s {
	case "github":
		valid = githubRepoRe.MatchString(u)
	case "gitlab":
		valid = gitlabRepoRe.MatchString(u) && !strings.Contains(u+"/", "/-/")
	}
	if !valid {
		why := fmt.Sprintf("is not a %s repository", s)
		if s != "github" && s != "gitlab" {
			why = fmt.Sprintf("has unverifiable source %q", s)
		}
		c.report(ruleRepositoryURLInvalid, um.Value.Pointer, "repository url %q %s; the registry rejects it. Use a github.com or gitlab.com URL", u, why)
	}
	if fm, f, err := field(n, "subfolder"); fm != nil && err == nil && f != "" && !validSubfolder(f) {
		c.report(ruleRepositorySubfolder, fm.Value.Pointer, "repository subfolder %q is not a clean relative path; the registry rejects it. Use e.g. \"servers/weather\"", f)
	}
}

func validSubfolder(p string) bool {
	if strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") || !subfolderRe.MatchString(p) {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

func websiteURLProblem(s string) string {
	if p := absoluteHTTPSProblem(s); p != "" {
		return p
	}
	if i := strings.IndexAny(s, "\"'<> \t\n\r"); i >= 0 {
		return fmt.Sprintf("contains the character %q", s[i])
	}
	return ""
}

func iconSrcProblem(s string) string { return absoluteHTTPSProblem(s) }

// absoluteHTTPSProblem says what keeps s from being an absolute https URL, or "".
func absoluteHTTPSProblem(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "does not parse as a URL"
	}
	if !u.IsAbs() {
		return "is not absolute"
	}
	if u.Scheme != "https" {
		return "does not use https"
	}
	return ""
}

// --- packages -----------------------------------------------------------------

func (c *checker) checkPackage(p *Node) {
	if !c.isObject(p, rulePackageType, "package entry", "Use an object") {
		return
	}
	ptr := p.Pointer
	rtm, rt, rterr := field(p, "registryType")
	if rtm == nil || (rterr == nil && rt == "") {
		switch {
		case p.Get("registry_type") != nil:
			c.report(rulePackageRegistry, ptr+"/registryType", "package has registry_type, which mcp-publisher drops; the registry rejects it. Write registryType")
		case p.Get("registry_name") != nil:
			c.report(rulePackageRegistry, ptr+"/registryType", "package has registry_name, which mcp-publisher drops; the registry rejects it. Write registryType")
		default:
			c.report(rulePackageRegistry, ptr+"/registryType", "package has no registryType; the registry rejects it. Add npm, pypi, nuget, oci, mcpb or cargo")
		}
	} else if rterr == nil {
		if _, ok := registryBaseURLs[rt]; !ok && rt != "oci" && rt != "mcpb" {
			c.report(ruleRegistryTypeValue, rtm.Value.Pointer, "registryType %q is unsupported; the registry rejects it. Use npm, pypi, nuget, oci, mcpb or cargo", rt)
		}
	}

	idm, id, iderr := field(p, "identifier")
	if idm == nil || (iderr == nil && id == "") {
		c.report(rulePackageIdentifier, ptr+"/identifier", "package has no identifier; the registry rejects it. Add the package name, image reference or download URL")
	} else if iderr == nil && strings.Contains(id, " ") {
		c.report(ruleIdentifierSpaces, idm.Value.Pointer, "package identifier %q contains a space; the registry rejects it. Remove the space", id)
	}

	vm, v, verr := field(p, "version")
	if vm != nil && verr == nil {
		switch {
		case rt == "oci":
			// reported by the OCI matrix below
		case isPlaceholderVersion(v):
		case v == "latest":
			c.report(rulePackageNoLatest, vm.Value.Pointer, "package version \"latest\" is reserved; the registry rejects it. Pin the exact version")
		case looksLikeRange(v):
			c.report(ruleVersionNoRange, vm.Value.Pointer, "package version %q is a range; the registry rejects it. Pin the exact version", v)
		default:
			c.checkRangeQuirk(vm.Value.Pointer, v)
			if _, root, err := field(c.root, "version"); err == nil && root != "" && !isPlaceholderVersion(root) && root != v {
				c.report(rulePackageVersionSync, vm.Value.Pointer, "package version %q differs from server version %q; clients install another release. Keep them in step", v, root)
			}
		}
	}

	if rterr == nil {
		c.checkRegistryMatrix(p, rt, idm, id, iderr, vm)
	}

	if m := p.Get("runtimeArguments"); m != nil && m.Value.Kind == KindArray && len(m.Value.Elems) > 0 {
		if hm, h, err := field(p, "runtimeHint"); hm == nil || (err == nil && h == "") {
			c.report(ruleRuntimeHint, m.Value.Pointer, "runtimeArguments without runtimeHint; clients cannot tell which runtime they are for. Add runtimeHint")
		}
	}

	vars := map[string]bool{}
	c.checkArgs(p, "runtimeArguments", ruleRuntimeArgsType, vars)
	c.checkArgs(p, "packageArguments", rulePackageArgsType, vars)
	for _, e := range c.arrayElems(p, "environmentVariables", ruleEnvVarsType, "Use an array of {name, description} objects") {
		c.checkKeyValue(e, "environment variable", ruleEnvVarType, ruleEnvVarName)
		if _, name, err := field(e, "name"); err == nil && name != "" {
			vars[name] = true
		}
	}

	tm := p.Get("transport")
	if tm == nil {
		c.report(rulePackageTransport, ptr+"/transport", "package has no transport; the registry rejects it. Add \"transport\": {\"type\": \"stdio\"}")
		return
	}
	c.checkPackageTransport(tm.Value, vars)
}

func (c *checker) checkRegistryMatrix(p *Node, rt string, idm *Member, id string, iderr error, vm *Member) {
	bm, base, berr := field(p, "registryBaseUrl")
	fm := p.Get("fileSha256")
	switch rt {
	case "npm", "pypi", "nuget", "cargo":
		if vm == nil {
			c.report(rulePackageVersionReq, p.Pointer+"/version", "%s package has no version; the registry cannot verify ownership and refuses it. Add the version", rt)
		}
		if bm != nil && berr == nil && base != "" && base != registryBaseURLs[rt] {
			c.report(rulePackageBaseURL, bm.Value.Pointer, "registryBaseUrl %q does not match registryType %q; the registry refuses to publish. Use %q or omit registryBaseUrl", base, rt, registryBaseURLs[rt])
		}
		if fm != nil {
			c.report(rulePackageFileSha256, fm.Value.Pointer, "%s packages must not have fileSha256 (mcpb only); the registry refuses to publish. Remove it", rt)
		}
	case "oci":
		if vm != nil {
			c.report(ruleOCIVersion, vm.Value.Pointer, "oci packages must not have version; the registry refuses to publish. Put the tag in identifier")
		}
		if bm != nil {
			c.report(rulePackageBaseURL, bm.Value.Pointer, "oci packages must not have registryBaseUrl; the registry refuses to publish. Put the host in identifier")
		}
		if fm != nil {
			c.report(rulePackageFileSha256, fm.Value.Pointer, "oci packages must not have fileSha256; the registry refuses to publish. Remove it")
		}
		if idm != nil && iderr == nil && id != "" {
			c.checkOCIIdentifier(idm.Value.Pointer, id)
		}
	case "mcpb":
		if fm == nil {
			c.report(rulePackageFileSha256, p.Pointer+"/fileSha256", "mcpb package has no fileSha256; the registry refuses to publish. Add the .mcpb file's SHA-256")
		}
		if bm != nil {
			c.report(rulePackageBaseURL, bm.Value.Pointer, "mcpb packages must not have registryBaseUrl; the registry refuses to publish. Put the full download URL in identifier")
		}
		if idm != nil && iderr == nil && id != "" {
			if problem := mcpbURLProblem(substitutePlaceholders(id)); problem != "" {
				c.report(ruleMCPBURL, idm.Value.Pointer, "mcpb identifier %q %s; the registry rejects it. Use a GitHub or GitLab release asset", id, problem)
			}
		}
	}
}

func (c *checker) checkOCIIdentifier(ptr, id string) {
	ref, err := parseOCIReference(substitutePlaceholders(id))
	if err != nil {
		c.report(ruleOCIReference, ptr, "oci identifier %q: %v; the registry rejects it. Use REGISTRY/NAMESPACE/IMAGE:TAG", id, err)
		return
	}
	if !allowedOCIRegistry(ref.Registry) {
		c.report(ruleOCIRegistry, ptr, "oci image registry %q is not allowed; the registry refuses to publish. Push to docker.io, ghcr.io or quay.io", ref.Registry)
	}
	if ref.Digest == "" && (ref.Tag == "" || ref.Tag == "latest") {
		what := "has no tag (so :latest)"
		if ref.Tag == "latest" {
			what = "uses the :latest tag"
		}
		c.report(ruleOCILatest, ptr, "oci identifier %q %s; clients run the newest image. Pin a tag or digest", id, what)
	}
}

func mcpbURLProblem(id string) string {
	u, err := url.Parse(id)
	if err != nil {
		return "does not parse as a URL"
	}
	host := strings.ToLower(u.Host)
	switch host {
	case "github.com", "www.github.com":
		if !githubReleaseRe.MatchString(u.Path) {
			return "is not a GitHub release asset (/OWNER/REPO/releases/download/TAG/FILE)"
		}
	case "gitlab.com", "www.gitlab.com":
		if !gitlabReleaseRe.MatchString(u.Path) && !gitlabPackageRe.MatchString(u.Path) {
			return "is not a GitLab release asset"
		}
	default:
		return fmt.Sprintf("is hosted on %q", host)
	}
	if u.Scheme != "https" {
		return "does not use https"
	}
	if !strings.Contains(strings.ToLower(id), "mcp") {
		return "does not contain \"mcp\""
	}
	return ""
}

func (c *checker) checkPackageTransport(t *Node, vars map[string]bool) {
	if !c.isObject(t, ruleTransportType, "transport", "Use an object like {\"type\": \"stdio\"}") {
		return
	}
	tm, typ, err := field(t, "type")
	if err != nil {
		return
	}
	um, u, uerr := field(t, "url")
	switch typ {
	case "stdio":
		if um != nil && uerr == nil && u != "" {
			c.report(ruleStdioURL, um.Value.Pointer, "stdio transport has url %q; the registry rejects it. Remove url, or use streamable-http or sse", u)
		}
	case "streamable-http", "sse":
		if um == nil || (uerr == nil && u == "") {
			c.report(ruleTransportURLReq, t.Pointer+"/url", "a %s transport needs url; the registry rejects it. Add e.g. \"http://localhost:{--port}/mcp\"", typ)
			return
		}
		if uerr != nil {
			return
		}
		if !isValidHTTPURL(u) {
			c.report(ruleTransportURLFormat, um.Value.Pointer, "transport url %q is not an http(s) URL with a host; the registry rejects it", u)
			return
		}
		c.checkTemplateVars(um.Value.Pointer, u, vars, "a package variable or argument")
	case "":
		c.report(ruleTransportTypeValue, t.Pointer+"/type", "transport has no type; the registry rejects it. Use \"stdio\", \"streamable-http\" or \"sse\"")
	default:
		c.report(ruleTransportTypeValue, tm.Value.Pointer, "transport type %q is not supported; the registry rejects it. Use \"stdio\", \"streamable-http\" or \"sse\"", typ)
	}
	c.checkHeaders(t)
}

func (c *checker) checkHeaders(t *Node) {
	if h := t.Value("headers"); h != nil && h.Kind == KindArray {
		for _, e := range h.Elems {
			c.checkKeyValue(e, "header", "", "")
		}
	}
}

func (c *checker) checkTemplateVars(ptr, u string, vars map[string]bool, where string) {
	var undefined []string
	for _, m := range templateVarRe.FindAllStringSubmatch(u, -1) {
		if !vars[m[1]] {
			undefined = append(undefined, m[1])
		}
	}
	if len(undefined) > 0 {
		c.report(ruleURLTemplate, ptr, "url %q uses undefined %s; the registry rejects it. Define it as %s", u, quoteVars(undefined), where)
	}
}

func quoteVars(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = "{" + v + "}"
	}
	return strings.Join(q, ", ")
}

// replaceURLTemplates substitutes {variables} so the URL can be parsed, the
// way the registry does: a variable in the port position becomes a port.
func replaceURLTemplates(raw string) string {
	r := strings.NewReplacer("{host}", "example.com", "{port}", "8080", "{path}", "api", "{protocol}", "http", "{scheme}", "http").Replace(raw)
	r = portVarRe.ReplaceAllString(r, ":8080$2")
	return templateVarRe.ReplaceAllString(r, "placeholder")
}

func isValidHTTPURL(raw string) bool {
	u, err := url.Parse(replaceURLTemplates(raw))
	if err != nil {
		return false
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// --- remotes --------------------------------------------------------------------

func (c *checker) checkRemote(r *Node) {
	if !c.isObject(r, ruleRemoteType, "remote entry", "Use an object with type and url") {
		return
	}
	tm, typ, err := field(r, "type")
	if tm == nil || (err == nil && typ == "") {
		c.report(ruleRemoteTransportType, r.Pointer+"/type", "remote has no type; the registry rejects it. Use \"streamable-http\" (or \"sse\" for legacy servers)")
		return
	}
	if err != nil {
		return
	}
	switch typ {
	case "streamable-http", "sse":
	case "stdio":
		c.report(ruleRemoteNoStdio, tm.Value.Pointer, "a remote cannot use stdio; the registry rejects it. Use \"streamable-http\" or \"sse\"")
		return
	default:
		c.report(ruleTransportTypeValue, tm.Value.Pointer, "remote type %q is not supported; the registry rejects it. Use \"streamable-http\" or \"sse\"", typ)
		return
	}
	um, u, uerr := field(r, "url")
	if um == nil || (uerr == nil && u == "") {
		c.report(ruleTransportURLReq, r.Pointer+"/url", "a %s remote needs url; the registry rejects it. Add the server's public https URL", typ)
		return
	}
	if uerr != nil {
		return
	}
	if problem := remoteURLProblem(u); problem != "" {
		c.report(ruleRemoteURL, um.Value.Pointer, "remote url %q %s; the registry rejects it. Use the server's public https:// URL", u, problem)
	}
	vars := map[string]bool{}
	if vm := r.Value("variables"); vm != nil && vm.Kind == KindObject {
		for _, m := range vm.Members {
			if m.Key != "" {
				vars[m.Key] = true
			}
			c.checkInput(m.Value, "variable")
		}
	}
	c.checkTemplateVars(um.Value.Pointer, u, vars, "a key of this remote's variables")
	c.checkHeaders(r)
}

func remoteURLProblem(raw string) string {
	u, err := url.Parse(replaceURLTemplates(raw))
	if err != nil {
		return "does not parse as a URL"
	}
	if u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "is not an absolute http(s) URL with a host"
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasPrefix(host, "127.") || host == "::1" || host == "0.0.0.0" {
		return "points at this machine (loopback)"
	}
	if u.Scheme != "https" {
		return "does not use https"
	}
	return ""
}

// --- arguments and inputs -------------------------------------------------------

func (c *checker) checkArgs(p *Node, key, typeRule string, vars map[string]bool) {
	for _, a := range c.arrayElems(p, key, typeRule, "Use an array of argument objects") {
		c.checkArgument(a)
		if _, name, err := field(a, "name"); err == nil && name != "" {
			vars[name] = true
		}
		if _, hint, err := field(a, "valueHint"); err == nil && hint != "" {
			vars[hint] = true
		}
	}
}

func (c *checker) checkArgument(a *Node) {
	if !c.isObject(a, ruleArgumentType, "argument", "Use an object with a type") {
		return
	}
	tm, typ, err := field(a, "type")
	if err != nil {
		return
	}
	switch typ {
	case "named":
		nm, name, nerr := field(a, "name")
		if nm == nil || (nerr == nil && name == "") {
			c.report(ruleArgumentName, a.Pointer+"/name", "named argument has no name; the registry rejects it. Add the flag, e.g. \"--port\"")
		} else if nerr == nil {
			if strings.ContainsAny(name, "<> $") {
				c.report(ruleArgumentNameFormat, nm.Value.Pointer, "argument name %q is more than a flag; the registry rejects it. Put the value in valueHint", name)
			}
			for _, k := range []string{"value", "default"} {
				if vm, v, err := field(a, k); vm != nil && err == nil && v != "" && strings.HasPrefix(v, name) {
					c.report(ruleArgumentValueName, vm.Value.Pointer, "argument %s %q repeats the name %q; the registry rejects it. Drop the name from the %s", k, v, name, k)
				}
			}
		}
	case "positional":
		if a.Get("value") == nil && a.Get("valueHint") == nil {
			c.report(ruleArgumentValue, a.Pointer, "positional argument has no value or valueHint; the registry rejects it. Add one")
		}
	case "":
		c.report(ruleArgumentTypeValue, a.Pointer+"/type", "argument has no type; the registry rejects it. Use \"positional\" or \"named\"")
	default:
		c.report(ruleArgumentTypeValue, tm.Value.Pointer, "argument type %q is invalid; the registry rejects it. Use \"positional\" or \"named\"", typ)
	}
	c.checkInput(a, "argument")
}

// checkKeyValue checks an environment variable or header entry.
func (c *checker) checkKeyValue(e *Node, what, typeRule, nameRule string) {
	if e.Kind != KindObject {
		if typeRule != "" {
			c.report(typeRule, e.Pointer, "%s is a %s; mcp-publisher cannot decode it. Use an object with name and description", what, e.Kind)
		}
		return
	}
	if nameRule != "" {
		if nm, name, err := field(e, "name"); nm == nil || (err == nil && strings.TrimSpace(name) == "") {
			c.report(nameRule, e.Pointer+"/name", "%s has no name; clients cannot set it. Add the variable name", what)
		}
		if dm, d, err := field(e, "description"); dm == nil || (err == nil && strings.TrimSpace(d) == "") {
			c.report(ruleEnvVarDescription, e.Pointer+"/description", "%s has no description; clients prompt for it unexplained. Say what it is", what)
		}
	}
	c.checkInput(e, what)
}

// checkInput checks the fields every Input shares, and its variables.
func (c *checker) checkInput(n *Node, what string) {
	if n.Kind != KindObject {
		return
	}
	if fm, f, err := field(n, "format"); fm != nil && err == nil {
		known := false
		for _, k := range inputFormats {
			known = known || f == k
		}
		if !known {
			c.report(ruleInputFormat, fm.Value.Pointer, "%s format %q is invalid; the registry rejects it. Use string, number, boolean or filepath", what, f)
		}
	}
	if vm := n.Value("variables"); vm != nil && vm.Kind == KindObject && what != "variable" {
		for _, m := range vm.Members {
			c.checkInput(m.Value, "variable")
		}
	}
}
