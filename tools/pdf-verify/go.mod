module grain-certificates/tools/pdf-verify

go 1.23.0

require github.com/digitorus/pdfsign v0.0.0-20250819064552-5f74f69dda1d

require (
	github.com/digitorus/pdf v0.1.2 // indirect
	github.com/digitorus/pkcs7 v0.0.0-20230818184609-3a137a874352 // indirect
	github.com/digitorus/timestamp v0.0.0-20231217203849-220c5c2851b7 // indirect
	github.com/mattetti/filebuffer v1.0.1 // indirect
	golang.org/x/crypto v0.41.0 // indirect
	golang.org/x/text v0.28.0 // indirect
)
