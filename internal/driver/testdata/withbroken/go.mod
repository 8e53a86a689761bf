module example.com/withbroken

go 1.26
