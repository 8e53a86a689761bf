// Package metamorphic checks that the handler rules judge meaning, not spelling: every finding
// a handler rule's fixtures expect must survive rewrites that keep the code's meaning, and
// every near miss must stay silent under them. Measure runs the matrix of rewrites against
// rules; floors.tsv ratchets what each keeps (docs/recall.md, "Metamorphic matrix").
package metamorphic
