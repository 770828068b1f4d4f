import { sharedCheck } from '../../server/src/platform/http/sharedCheck';

/** A check its test answers by hand: how many times it was asked, and the answer of each. */
function handCheck() {
  const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const check = () => new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  return { check, answers };
}

describe('a shared check', () => {
  it(`is asked once for every caller while it runs, and again once it has answered and its answer is no longer \
kept`, async () => {
    const { check, answers } = handCheck();
    let clock = 0;
    const ask = sharedCheck(check, 3_000, () => clock);
    const first = ask();
    const second = ask();
    expect(answers).toHaveLength(1);
    answers[0].resolve();
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    clock = 2_999;
    await expect(ask()).resolves.toBeUndefined();
    expect(answers).toHaveLength(1);
    clock = 3_000;
    const third = ask();
    expect(answers).toHaveLength(2);
    answers[1].reject(new Error('EACCES'));
    await expect(third).rejects.toThrow('EACCES');
    // The failure is kept as long as a success.
    await expect(ask()).rejects.toThrow('EACCES');
    expect(answers).toHaveLength(2);
  });

  it('keeps nothing with a keep of zero, but still shares the check under way', async () => {
    const { check, answers } = handCheck();
    const ask = sharedCheck(check, 0, () => 0);
    const both = Promise.all([ask(), ask()]);
    answers[0].resolve();
    await both;
    void ask();
    expect(answers).toHaveLength(2);
    answers[1].resolve();
  });
});
