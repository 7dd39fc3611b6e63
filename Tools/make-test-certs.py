#!/usr/bin/python3
"""Makes the hostile matrix's certificates in DIR (python3-cryptography):

  valid.pem/.key      for 127.0.0.1, valid now            (in anchors.pem)
  wronghost.pem/.key  for other.fixture.invalid only       (in anchors.pem)
  expired.pem/.key    for 127.0.0.1, expired a year ago    (in anchors.pem)
  untrusted.pem/.key  for 127.0.0.1, valid, self-signed    (NOT in anchors.pem)
  anchors.pem         the certificates a test trusts

Usage: make-test-certs.py DIR
"""
import datetime
import ipaddress
import pathlib
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def make(directory, name, common_name, alternative, not_before, not_after):
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    certificate = (x509.CertificateBuilder()
                   .subject_name(subject).issuer_name(subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number())
                   .not_valid_before(not_before).not_valid_after(not_after)
                   .add_extension(x509.SubjectAlternativeName([alternative]), critical=False)
                   .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                   .sign(key, hashes.SHA256()))
    pem = certificate.public_bytes(serialization.Encoding.PEM)
    (directory / f"{name}.pem").write_bytes(pem)
    (directory / f"{name}.key").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return pem


def main():
    directory = pathlib.Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    day = datetime.timedelta(days=1)
    loopback = x509.IPAddress(ipaddress.ip_address("127.0.0.1"))
    anchors = [
        make(directory, "valid", "127.0.0.1", loopback, now - day, now + 2 * day),
        make(directory, "wronghost", "other.fixture.invalid", x509.DNSName("other.fixture.invalid"), now - day, now + 2 * day),
        make(directory, "expired", "127.0.0.1", loopback, now - 400 * day, now - 365 * day),
    ]
    make(directory, "untrusted", "127.0.0.1", loopback, now - day, now + 2 * day)
    (directory / "anchors.pem").write_bytes(b"".join(anchors))


if __name__ == "__main__":
    main()
