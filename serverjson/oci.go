package serverjson

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// ociReference is a parsed container image reference.
type ociReference struct {
	Registry   string // "docker.io" when the reference names none
	Repository string
	Tag        string
	Digest     string
}

var (
	ociDomainComponentRe = regexp.MustCompile(`^(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])$`)
	ociPathComponentRe   = regexp.MustCompile(`^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$`)
	ociTagRe             = regexp.MustCompile(`^[\w][\w.-]{0,127}$`)
	ociDigestRe          = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$`)
	ociPortRe            = regexp.MustCompile(`^[0-9]+$`)
)

// parseOCIReference parses REGISTRY/REPOSITORY[:TAG][@DIGEST] following the
// distribution reference grammar the registry's image library applies.
func parseOCIReference(s string) (ociReference, error) {
	var ref ociReference
	if s == "" {
		return ref, errors.New("empty reference")
	}
	if len(s) > 255*2 {
		return ref, errors.New("reference too long")
	}
	rest := s
	if at := strings.IndexByte(rest, '@'); at >= 0 {
		ref.Digest = rest[at+1:]
		rest = rest[:at]
		if !ociDigestRe.MatchString(ref.Digest) {
			return ref, fmt.Errorf("digest %q is not ALGORITHM:HEX", ref.Digest)
		}
	}
	if colon := strings.LastIndexByte(rest, ':'); colon > strings.LastIndexByte(rest, '/') {
		ref.Tag = rest[colon+1:]
		rest = rest[:colon]
		if !ociTagRe.MatchString(ref.Tag) {
			return ref, fmt.Errorf("tag %q is not [A-Za-z0-9_][A-Za-z0-9_.-]{0,127}", ref.Tag)
		}
	}
	parts := strings.Split(rest, "/")
	ref.Registry = "docker.io"
	if len(parts) > 1 && (strings.ContainsAny(parts[0], ".:") || parts[0] == "localhost") {
		if err := checkOCIDomain(parts[0]); err != nil {
			return ref, err
		}
		ref.Registry = parts[0]
		parts = parts[1:]
	}
	for _, p := range parts {
		if !ociPathComponentRe.MatchString(p) {
			return ref, fmt.Errorf("repository component %q must be lowercase alphanumerics and separators", p)
		}
	}
	ref.Repository = strings.Join(parts, "/")
	return ref, nil
}

func checkOCIDomain(d string) error {
	host := d
	if i := strings.LastIndexByte(d, ':'); i >= 0 && !strings.HasSuffix(d, "]") {
		host = d[:i]
		if !ociPortRe.MatchString(d[i+1:]) {
			return fmt.Errorf("registry %q has an invalid port", d)
		}
	}
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		return nil
	}
	for _, comp := range strings.Split(host, ".") {
		if !ociDomainComponentRe.MatchString(comp) {
			return fmt.Errorf("registry host %q is not a valid host name", host)
		}
	}
	return nil
}

// allowedOCIRegistry mirrors the registry's allowlist of image hosts.
func allowedOCIRegistry(r string) bool {
	switch r {
	case "docker.io", "registry-1.docker.io", "index.docker.io", "ghcr.io", "quay.io", "mcr.microsoft.com":
		return true
	}
	return strings.HasSuffix(r, ".pkg.dev") || strings.HasSuffix(r, ".azurecr.io")
}
