#!/usr/bin/env bash
# Regenerates the test certificates: a CA, a server certificate for localhost / 127.0.0.1 signed by it, a client
# certificate signed by it, and an expired server certificate. Test-only keys: never use them for anything else.
set -euo pipefail
cd "$(dirname "$0")"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 36500 -subj "/CN=Search Requests Test CA" 2>/dev/null
sign() { # name days san
  openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$1.csr" -subj "/CN=$1" 2>/dev/null
  printf 'subjectAltName=%s\nbasicConstraints=CA:FALSE\n' "$3" > "$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -out "$1.pem" -days "$2" -extfile "$1.ext" 2>/dev/null
  rm -f "$1.csr" "$1.ext"
}
sign server 36500 'DNS:localhost,IP:127.0.0.1'
sign client 36500 'DNS:client'
sign otherhost 36500 'DNS:example.invalid'
rm -f ca.srl
