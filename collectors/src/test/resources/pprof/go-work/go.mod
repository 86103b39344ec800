module ppwjava.test/gowork

go 1.19
