#!/usr/bin/env bash
# Regenerates the test certificates (see README.md). Test-only keys: never use them for anything else.
set -euo pipefail
cd "$(dirname "$0")"
days=36500
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca-key.pem -out ca.pem -days "$days" \
  -subj "/CN=Search Requests Test CA" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
sign() { # name common-name extensions
  openssl req -newkey rsa:2048 -nodes -keyout "$1-key.pem" -out "$1.csr" -subj "/CN=$2" 2>/dev/null
  printf '%s\n' "$3" > "$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca-key.pem -CAcreateserial -out "$1.pem" -days "$days" \
    -extfile "$1.ext" 2>/dev/null
  rm -f "$1.csr" "$1.ext"
}
sign server localhost $'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth'
sign client search-requests-test-client 'extendedKeyUsage=clientAuth'
sign otherhost otherhost $'subjectAltName=DNS:example.invalid\nextendedKeyUsage=serverAuth'
rm -f ca.srl
