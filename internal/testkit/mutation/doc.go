// Package mutation measures the handler rules' recall on real servers: it plants each rule's
// defect into copies of the corpus servers' own handler code, in the shapes those servers use
// (adapters, helpers, delegates), runs mcplint on each copy and counts how many planted
// defects the expected rule reports (docs/recall.md).
//
// It finds the sites to plant in from go/types alone, with its own list of SDK types: it must
// not import recognition (mcpdefs) or a rule family, or it would measure recognition by itself.
package mutation
