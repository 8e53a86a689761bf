// Package tags has a handler behind a build tag.
package tags

// Version is always built.
const Version = "1"
