module example.com/badconfig

go 1.26
