import { describe, expect, it } from '@jest/globals';
import { cryptSalt, sha256Crypt } from './rescue-password.js';

describe('sha256Crypt', () => {
  // What glibc's crypt(3) answers for the same password and salt.
  it.each([
    ['Hello world!', 'saltstring', '$5$saltstring$5B8vYYiY.CVt1RlTTf8KbXBH3hsxY/GNooZaBBGWEc5'],
    ['', 'abc', '$5$abc$bBHLwRRW2Li0XKaX13kz/g2fkDil4Jx46aNvd.48MS8'],
    ['a'.repeat(70), '0123456789abcdefXYZ', '$5$0123456789abcdef$X6Sxoeo85Sv.Uw1p6PhssXp.SDurT6SG1dRqDVlMDs4'],
    ['pässwörd', 'x.y/Z', '$5$x.y/Z$TiaRrVF/QCFP12QUjTye6ZewuTmCsvnK7l9ou9dvmv9'],
  ])('hashes %j with salt %j as crypt does', (password, salt, expected) => {
    expect(sha256Crypt(password, salt)).toBe(expected);
  });

  it('salts each hash afresh with 16 characters of crypt\'s alphabet', () => {
    const salt = cryptSalt();
    expect(salt).toMatch(/^[./0-9A-Za-z]{16}$/);
    const hash = sha256Crypt('secret');
    expect(hash).toMatch(/^\$5\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{43}$/);
    expect(sha256Crypt('secret')).not.toBe(hash);
  });
});
