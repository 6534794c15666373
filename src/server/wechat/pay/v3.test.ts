import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateRsaPemPair } from '../../../dev/wechat-pay/stand-in';
import {
  answerMessage,
  authorization,
  beijingTime,
  decryptResource,
  encryptResource,
  isFreshTimestamp,
  jsapiMessage,
  jsapiPayParams,
  parseAuthorization,
  requestMessage,
  rsaVerify,
  signWechatpay,
  verifyJsapiPaySign,
  verifyWechatpaySignature,
} from './v3';

const merchant = generateRsaPemPair();
const stranger = generateRsaPemPair();

// The examples of WeChat Pay's v3 guides (签名生成, 签名验证, JSAPI调起支付).
const DOC_REQUEST = {
  method: 'GET',
  urlPathWithQuery: '/v3/certificates',
  timestamp: '1554208460',
  nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
  body: '',
};
const DOC_ANSWER = {
  timestamp: '1554209980',
  nonce: 'c5ac7061fccab6bf3e254dcf98995b8c',
  body: '{"data":[{"serial_no":"5157F09EFDC096DE15EBE81A47057A7232F1B8E1","effective_time":"2018-03-26T11:39:50+08:00","expire_time":"2023-03-25T11:39:50+08:00","encrypt_certificate":{"algorithm":"AEAD_AES_256_GCM","nonce":"4de73afd28b6","associated_data":"certificate","ciphertext":"..."}}]}',
};
const DOC_JSAPI = {
  appId: 'wx8888888888888888',
  timeStamp: '1414561699',
  nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
  package: 'prepay_id=wx201410272009395522657a690389285100',
};

/**
 * Signatures made outside Node, by the guides' own recipe (`echo -n -e "…" | openssl dgst -sha256
 * -sign key.pem | openssl base64 -A`) with a throw-away key whose public half is below (the
 * private half was not kept). They verify only if our messages are the guides' bytes exactly.
 */
const OPENSSL_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEApaFFLDCqGX3CN63zkxyP
yKeKMsD1eQfq9yazMo6GZSE8vwqTrlPXm4X300x4qZZeqr3C3XRP6wiF5NTDf1rU
m4CzAzVoA/baARc1SdrjNNYAI+pPlupSK1G8zPFB/C3hJWVX7bVLtiPGUYOtEJ2B
EYa+LKw5Yi9xUiFipp/C0gym0Tg4p6BFTUq5bk6Nx+EvHdrRrO6PQfiJL3yAwnoi
T80GNgxhfbwRkZr9dhIOKPh+2J9oWNPJ/QE0tadFXvQBDUJaeJEKE7MN0yrVHJFw
qmqRbH8fmWsva9nSOTwVokBxET9kM1nbZdzIIbC4xrZ/5FRQm/xRDprIgKOS11VK
hwIDAQAB
-----END PUBLIC KEY-----
`;
const OPENSSL = {
  request:
    'NtF5TJqGWorC8tYNvxW/pgksBjawto2tifre4E3cgEBa7SZ7ys4Xgn+ETxWEtYhK5mGBoh4vBN8EQBR5VvKO8XF3JG4XA7HmiEe/yCjD3Mj0F8PzgTtN65XjCvSGtPVhN110121BJ9LXIt1OwsuJFS/+f+r4fGqakRpzMd3mpfyryLiQ3MsnF6lk0WAUvB1p4/4FvqzpGoLHpAJ7ZIbVIyZF4jkZ4dllzrqrwo65riU6dclChcONVDv3RF7Se+LxAcJ3qO0q+D4KT4Bp/Qury944jHuu6BF0imcEFQ5VwhTUYGi0U2Tlw0Pj1qw30AQz38zQtn1PI63mPubDXIHiPg==',
  answer:
    'hdLd8wZRO4VrhL2s6WuzVQMdcMtm7ml1xPsQ+d25y90txLEmBBDF0rFYjUD3YRQQ3PX3ERG4H7ngPwaTkv6DB7vw5g1za4L6x5W+I8umAljyb9txHuI+ffvP1wBJe5PnOAdy5oz7a+cEaYOBUwtzWKyTFRp8jhIWONNuKm+0DdjnbGw9ewF5uqk3hWNN5X+oKnweuxAiQ5GLr6rF5NKGIXFBXcSFzvbHiFUO7LDxTfMQWh8qvVXhoZkf+AnAnAkNAFFILKyeFu1YriXc1k13XqwaLrlzhym7+5vllxKmR0QhIhszNZ3QMzFyCgSPVa8QeU4Jv5cRBxQPyofFKpaTZQ==',
  /** The same answer's timestamp and nonce with an empty body (a 204). */
  emptyAnswer:
    'dvpnc6/jbiKygUYrc35k+Rtgei9ftKQVrQzr2ek8QfkXyKrq0F3kNr4jAsRHXwDiZ1gERLw88QxulC8h+cPJHWJyJtxMpkVZH4OlT2cEXb8hh4EwMBe5oApdqCbrKpSq/T6EDfTzI9b3/JcFl45K62BbWPTBZc9InxUO2GnxnloZ5QBPvoibIhwwHec1WisXwFwOYYjPyBgu06CsOItANjaYMley8FsX2KqQSYILGKsa5AEYGVGyo35jmHNNiLFCQ0/A1wtRd2XbZK/xIna9zrf0mGwNSHVm0Ajpp/sVO5aJazaKbZIrQN0JJu0G2DjWdQI4KBUo3F7ecZpJdSMUxw==',
  jsapi:
    'KTDh2RRMV/KsbNHclKoSw1ve9PmLsLaTc24WhS1s5cubYYTME28yHfdjIQAM/JHtXKabWtYbQ1zGSpwsP2sufDclrkS3sxE4TZA/vHoe6OOvPE5GP+4nz7xhKVZvrUNIzGFuQpMufJ1QatYY1bqYUtn1gI2s4Qi8Ebu9z5nGoLbH1GkTMKeOGgIwGLnxkpFJUtggdyI4FIZSTD3fsWAZWZIdc1lC/f5vGIxbWMq7E7OV9+ZVKGXPzjbZn/AsrytaOcZT21AprXRAY+jYGXoptnMuIffNhZOme/e+zugKG67ysEGjzAq01fa+oAYLprZ//dq+SyGPjhQMHY7u9zKJPg==',
};

/**
 * An AEAD_AES_256_GCM resource made outside Node (Python's `cryptography` AESGCM) with an ASCII
 * key and the guides' 12-character nonce: checks our key/nonce/tag handling against another
 * implementation, not just against itself.
 */
const PYTHON_GCM = {
  apiV3Key: '0123456789abcdefghijABCDEFGHIJkl',
  resource: {
    algorithm: 'AEAD_AES_256_GCM' as const,
    nonce: '4de73afd28b6',
    associated_data: 'transaction',
    ciphertext:
      'LHtWQz1y4RPv5R6oNrKJEphwy3//sZ9uHqtKSJCCqOxiecYmXF3TRB/QNJ0pEcoCpXBha3UD1yeag/AHnMGzkOcDBJrWqR3ujR5ynqZf/52N9dw77IJzw20Hx49mLEGpBk18kxMNIaKhMKjMlEhaArVXw9lr7m1q2kjbo2Rs3ZC3jhac3oBzszGwRUUn0RuuEouUrsrgCS7LqHO0j4Uabi/EhR0xYKU28kAKfPw6hToWV/caEt8Qr/LT+9zKr4EAYTbzxv5LIA5ZiOg6JMJurQ==',
  },
  plaintext:
    '{"mchid":"1900000109","appid":"wx8888888888888888","out_trade_no":"1217752501201407033233368018","transaction_id":"4200000000000000000000000001","trade_state":"SUCCESS","amount":{"total":100}}',
};

describe('request signature (Authorization)', () => {
  it('signs the five-line message of the guide, byte for byte', () => {
    expect(requestMessage(DOC_REQUEST)).toBe('GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n');
    expect(rsaVerify(OPENSSL_PUBLIC_KEY, requestMessage(DOC_REQUEST), OPENSSL.request)).toBe(true);
    const post = { method: 'post', urlPathWithQuery: '/v3/pay/transactions/jsapi', timestamp: '1', nonce: 'n', body: '{"a":"中"}' };
    expect(requestMessage(post)).toBe('POST\n/v3/pay/transactions/jsapi\n1\nn\n{"a":"中"}\n');
  });

  it('builds the header in the documented form, and parses it back', () => {
    const header = authorization({
      ...DOC_REQUEST,
      mchid: '1900009191',
      serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      privateKey: merchant.privateKey,
    });
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/]{342}==",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/,
    );
    const fields = parseAuthorization(header);
    expect(fields).toMatchObject({
      mchid: '1900009191',
      nonce_str: DOC_REQUEST.nonce,
      timestamp: '1554208460',
      serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    });
    // Checked with createVerify directly, not through our own rsaVerify.
    const ok = createVerify('RSA-SHA256')
      .update(requestMessage(DOC_REQUEST))
      .verify(merchant.publicKey, fields?.signature ?? '', 'base64');
    expect(ok).toBe(true);
  });

  it('parses the guide’s own header, whatever the field order', () => {
    const doc =
      'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="uOVRnA4qG/MNnYzdQxJanN+zU+lTgIcnU9BxGw5dKjK+VdEUz2FeIoC+D5sB/LN+nGzX3hfZg6r5wT1pl2ZobmIc6p0ldN7J6yDgUzbX8Uk3sD4a4eZVPTBvqNDoUqcYMlZ9uuDdCvNv4TM3c1WzsXUrExwVkI1XO5jCNbgDJ25nkT/c1gIFvqoogl7MdSFGc4W4xZsqCItnqbypR3RuGIlR9h9vlRsy7zJR9PBI83X8alLDIfR1ukt1P7tMnmogZ0cuDY8cZsd8ZlCgLadmvej58SLsIkVxFJ8XyUgx9FmutKSYTmYtWBZ0+tNvfGmbXU7cob8H/4nLBiCwIUFluw==",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"';
    expect(parseAuthorization(doc)?.signature).toMatch(/^uOVRnA4qG\/MN.*wIUFluw==$/);
    const reordered = 'WECHATPAY2-SHA256-RSA2048 serial_no="S",timestamp="1",signature="x",nonce_str="n",mchid="m"';
    expect(parseAuthorization(reordered)).toEqual({ mchid: 'm', nonce_str: 'n', signature: 'x', timestamp: '1', serial_no: 'S' });
    expect(parseAuthorization('Bearer x')).toBeNull();
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="m",nonce_str="n"')).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });
});

describe('answer and notification signature (Wechatpay-*)', () => {
  it('verifies the three-line message of the guide, byte for byte, an empty body included', () => {
    expect(answerMessage(DOC_ANSWER)).toBe(`1554209980\nc5ac7061fccab6bf3e254dcf98995b8c\n${DOC_ANSWER.body}\n`);
    expect(verifyWechatpaySignature({ publicKey: OPENSSL_PUBLIC_KEY, ...DOC_ANSWER, signature: OPENSSL.answer })).toBe(true);
    expect(verifyWechatpaySignature({ publicKey: OPENSSL_PUBLIC_KEY, ...DOC_ANSWER, body: '', signature: OPENSSL.emptyAnswer })).toBe(true);
  });

  it('round-trips, and refuses a tampered body, timestamp, nonce or signature, or another key', () => {
    const body = '{"prepay_id":"wx26112221580621e9b071c00d9e093b0000"}';
    const h = signWechatpay({ privateKey: merchant.privateKey, serial: 'PUB_KEY_ID_1', body, nonce: 'abc', timestamp: '1700000000' });
    expect(h['Wechatpay-Serial']).toBe('PUB_KEY_ID_1');
    expect(h['Wechatpay-Signature-Type']).toBe('WECHATPAY2-SHA256-RSA2048');
    const signed = {
      publicKey: merchant.publicKey,
      timestamp: h['Wechatpay-Timestamp'],
      nonce: h['Wechatpay-Nonce'],
      body,
      signature: h['Wechatpay-Signature'],
    };
    expect(verifyWechatpaySignature(signed)).toBe(true);
    expect(verifyWechatpaySignature({ ...signed, body: body.replace('wx26', 'wx27') })).toBe(false);
    expect(verifyWechatpaySignature({ ...signed, body: `${body} ` })).toBe(false);
    expect(verifyWechatpaySignature({ ...signed, timestamp: '1700000001' })).toBe(false);
    expect(verifyWechatpaySignature({ ...signed, nonce: 'abd' })).toBe(false);
    const s = signed.signature;
    expect(verifyWechatpaySignature({ ...signed, signature: `${s.slice(0, 10)}${s[10] === 'A' ? 'B' : 'A'}${s.slice(11)}` })).toBe(false);
    expect(verifyWechatpaySignature({ ...signed, signature: 'WECHATPAY/SIGNTEST/abc' })).toBe(false); // WeChat's probe signatures
    expect(verifyWechatpaySignature({ ...signed, signature: '' })).toBe(false);
    expect(verifyWechatpaySignature({ ...signed, publicKey: stranger.publicKey })).toBe(false);
  });

  it('takes timestamps within five minutes either way as fresh', () => {
    const now = 1_700_000_000_000;
    expect(isFreshTimestamp('1700000000', now)).toBe(true);
    expect(isFreshTimestamp('1699999700', now)).toBe(true);
    expect(isFreshTimestamp('1699999699', now)).toBe(false);
    expect(isFreshTimestamp('1700000300', now)).toBe(true);
    expect(isFreshTimestamp('1700000301', now)).toBe(false);
    for (const bad of ['', '17e8', '-1', '1700000000.5', ' 1700000000']) expect(isFreshTimestamp(bad, now)).toBe(false);
  });
});

describe('JSAPI paySign', () => {
  it('signs the four-line message of the guide, byte for byte', () => {
    expect(jsapiMessage(DOC_JSAPI)).toBe(
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n',
    );
    expect(verifyJsapiPaySign({ ...DOC_JSAPI, signType: 'RSA', paySign: OPENSSL.jsapi }, OPENSSL_PUBLIC_KEY)).toBe(true);
  });

  it('gives what getBrandWCPayRequest takes, verifiable with the merchant public key only', () => {
    const params = jsapiPayParams({
      appId: DOC_JSAPI.appId,
      prepayId: 'wx201410272009395522657a690389285100',
      privateKey: merchant.privateKey,
    });
    expect(Object.keys(params).sort()).toEqual(['appId', 'nonceStr', 'package', 'paySign', 'signType', 'timeStamp']);
    expect(params.package).toBe(DOC_JSAPI.package);
    expect(params.signType).toBe('RSA');
    expect(params.timeStamp).toMatch(/^\d{10}$/);
    expect(params.nonceStr).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(verifyJsapiPaySign(params, merchant.publicKey)).toBe(true);
    expect(verifyJsapiPaySign(params, stranger.publicKey)).toBe(false);
    expect(verifyJsapiPaySign({ ...params, package: 'prepay_id=wx2' }, merchant.publicKey)).toBe(false);
    expect(verifyJsapiPaySign({ ...params, timeStamp: String(Number(params.timeStamp) + 1) }, merchant.publicKey)).toBe(false);
    expect(verifyJsapiPaySign({ ...params, signType: 'MD5' as 'RSA' }, merchant.publicKey)).toBe(false);
    const fixed = jsapiPayParams({
      appId: DOC_JSAPI.appId,
      prepayId: 'p',
      privateKey: merchant.privateKey,
      nonce: 'N',
      timestamp: '1414561699',
    });
    expect([fixed.timeStamp, fixed.nonceStr]).toEqual(['1414561699', 'N']);
  });
});

describe('AEAD_AES_256_GCM resources', () => {
  it('decrypts a resource made by another implementation', () => {
    expect(decryptResource(PYTHON_GCM.apiV3Key, PYTHON_GCM.resource)).toBe(PYTHON_GCM.plaintext);
    // …and encrypting the same way gives the same bytes (GCM is deterministic for a given nonce).
    const again = encryptResource(PYTHON_GCM.apiV3Key, PYTHON_GCM.plaintext, { associatedData: 'transaction', nonce: '4de73afd28b6' });
    expect(again.ciphertext).toBe(PYTHON_GCM.resource.ciphertext);
  });

  it('round-trips with a fresh 12-character nonce, and refuses anything altered or another key', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    const plain = JSON.stringify({ out_trade_no: 'M1', trade_state: 'SUCCESS', note: '中文' });
    const r = encryptResource(key, plain, { associatedData: 'transaction', originalType: 'transaction' });
    expect(r).toMatchObject({ algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction', original_type: 'transaction' });
    expect(r.nonce).toMatch(/^[0-9a-f]{12}$/);
    expect(decryptResource(key, r)).toBe(plain);
    expect(() => decryptResource('abcdefghijklmnopqrstuvwxyz012346', r)).toThrow();
    expect(() => decryptResource(key, { ...r, associated_data: 'refund' })).toThrow();
    expect(() => decryptResource(key, { ...r, nonce: '000000000000' })).toThrow();
    const bytes = Buffer.from(r.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptResource(key, { ...r, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() =>
      decryptResource(key, { ...r, ciphertext: Buffer.from(r.ciphertext, 'base64').subarray(0, 16).toString('base64') }),
    ).toThrow();
    expect(() => decryptResource('short', r)).toThrow(/32 bytes/);
    expect(() => decryptResource(key, { ...r, algorithm: 'AEAD_SM4' as 'AEAD_AES_256_GCM' })).toThrow(/algorithm/);
  });
});

describe('time', () => {
  it('writes RFC 3339 in Beijing time, as WeChat Pay wants', () => {
    expect(beijingTime(Date.UTC(2018, 5, 8, 2, 34, 56, 789))).toBe('2018-06-08T10:34:56+08:00');
    expect(beijingTime(Date.UTC(2024, 11, 31, 16, 0, 0))).toBe('2025-01-01T00:00:00+08:00');
    expect(Date.parse(beijingTime(1_700_000_000_000))).toBe(1_700_000_000_000);
  });
});
