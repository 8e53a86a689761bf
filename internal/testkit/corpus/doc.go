// Package corpus keeps mcplint judged on real servers. ledger.tsv holds every finding mcplint
// reported on the servers of the visible corpus, each judged true or false by reading the code
// against the SDK version the server pins; the test in this package runs mcplint on each server
// when MCPLINT_CORPUS names the directory the servers are checked out in, and fails when a
// judged-true finding is lost, a judged-false one comes back, or a finding nobody judged appears.
package corpus
