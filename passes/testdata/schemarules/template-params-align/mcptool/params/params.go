// Package params holds params types declared away from the templates that use them.
package params

type Repo struct {
	Owner string `uri:"owner"`
	Name  string `uri:"repo"`
}

type Ticket struct {
	ID    string   `uri:"id"`
	Watch chan int `uri:"watch"`
}
