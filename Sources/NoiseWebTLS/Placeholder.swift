import X509
import Crypto
import NIOSSL
