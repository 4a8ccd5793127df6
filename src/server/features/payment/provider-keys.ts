import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Keys as merchants get them: PEM (PKCS#1 or PKCS#8), or the bare base64 the Alipay key tool
 * prints (PKCS#8 or PKCS#1 DER without the PEM lines). `name` is the setting, for the error.
 */
export function privateKeyOf(name: string, text: string): KeyObject {
  try {
    if (text.includes('-----BEGIN')) return createPrivateKey(text);
    const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch (error) {
    throw new Error(`${name}: not a usable private key`, { cause: error });
  }
}

/** A public key as PEM or bare base64 (SPKI), or the certificate holding it (PEM). */
export function publicKeyOf(name: string, text: string): KeyObject {
  try {
    if (text.includes('-----BEGIN CERTIFICATE')) return new X509Certificate(text).publicKey;
    if (text.includes('-----BEGIN')) return createPublicKey(text);
    return createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch (error) {
    throw new Error(`${name}: not a usable public key`, { cause: error });
  }
}
