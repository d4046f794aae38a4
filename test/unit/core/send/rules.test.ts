import { describe, expect, it } from 'vitest';
import { mediaUrlProblem, variableProblem } from '../../../../src/core/send/rules';

describe('variableProblem (rule 6)', () => {
  it.each([
    ['Ana', null],
    ['R$ 1.234,56', null],
    ['two  spaces', null],
    ['four    spaces', null],
    ['', 'is empty'],
    ['   ', 'is empty'],
    ['Ana\nSilva', 'has a line break (a variable must be a single line)'],
    ['Ana\r\nSilva', 'has a line break (a variable must be a single line)'],
    ['Ana\rSilva', 'has a line break (a variable must be a single line)'],
    ['Ana\tSilva', 'has a tab character (the provider refuses tabs)'],
    ['five     spaces', 'has more than four spaces in a row (the provider refuses them)'],
    ['#N/A', 'shows #N/A, not a value (fix its formula or type the value)'],
    ['#REF!', 'shows #REF!, not a value (fix its formula or type the value)'],
    ['#VALUE!', 'shows #VALUE!, not a value (fix its formula or type the value)'],
    ['#DIV/0!', 'shows #DIV/0!, not a value (fix its formula or type the value)'],
    ['#ERROR!', 'shows #ERROR!, not a value (fix its formula or type the value)'],
    ['#NAME?', 'shows #NAME?, not a value (fix its formula or type the value)'],
    ['#NUM!', 'shows #NUM!, not a value (fix its formula or type the value)'],
    ['#NULL!', 'shows #NULL!, not a value (fix its formula or type the value)'],
    ['Loading...', 'shows Loading..., not a value (fix its formula or type the value)'],
  ])('%j → %j', (value, problem) => {
    expect(variableProblem(value)).toBe(problem);
  });
});

describe('mediaUrlProblem (rule 3: a public http(s) URL)', () => {
  it.each([
    'https://files.example.com/p.pdf',
    'http://cdn.example.com.br/a/b.jpg?x=1#y',
    'https://8.8.8.8/file.pdf',
    'https://172.32.0.1/file.pdf',
    'https://files.example.com:8443/p.pdf',
    '  https://files.example.com/p.pdf  ',
  ])('%s is public', (url) => {
    expect(mediaUrlProblem(url)).toBeNull();
  });

  it.each([
    ['http://localhost/p.pdf', 'is not public (localhost)'],
    ['https://127.0.0.1:8080/p.pdf', 'is not public (127.0.0.1)'],
    ['http://10.1.2.3/p.pdf', 'is not public (10.1.2.3)'],
    ['http://192.168.0.10/p.pdf', 'is not public (192.168.0.10)'],
    ['http://172.16.0.1/p.pdf', 'is not public (172.16.0.1)'],
    ['http://172.31.255.255/p.pdf', 'is not public (172.31.255.255)'],
    ['http://169.254.169.254/latest', 'is not public (169.254.169.254)'],
    ['http://100.64.0.1/p.pdf', 'is not public (100.64.0.1)'],
    ['http://0.0.0.0/p.pdf', 'is not public (0.0.0.0)'],
    ['http://[::1]/p.pdf', 'is not public ([::1])'],
    ['http://[fd00::1]/p.pdf', 'is not public ([fd00::1])'],
    ['http://nas.local/p.pdf', 'is not public (nas.local)'],
    ['http://files.internal/p.pdf', 'is not public (files.internal)'],
    ['http://intranet/p.pdf', 'is not public (intranet)'],
    ['https://user:pass@files.example.com/p.pdf', 'carries a login in the URL'],
    ['ftp://files.example.com/p.pdf', '"ftp://files.example.com/p.pdf" is not an http(s) URL'],
    ['files.example.com/p.pdf', '"files.example.com/p.pdf" is not an http(s) URL'],
    ['https://files.example.com/my file.pdf', 'contains spaces'],
    ['', 'is empty'],
  ])('%s → %s', (url, problem) => {
    expect(mediaUrlProblem(url)).toContain(problem);
  });

  it('says how to fix a private URL', () => {
    expect(mediaUrlProblem('http://192.168.0.10/p.pdf')).toBe(
      'is not public (192.168.0.10): the provider downloads the file itself, so use a URL anyone can open without login, VPN or IP allowlist',
    );
  });
});
