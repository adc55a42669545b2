// @vitest-environment happy-dom
import type { StaffApiAnswer } from '@festival/contract';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESULT_MS, RESULT_WITH_ANSWERS_MS, ResultScreen } from './ResultScreen';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const admitted = (answers?: { question: string; answer: string }[]): StaffApiAnswer<'scan'> => ({
  result: 'admit',
  message: 'Admit',
  ticket: { code: 'T1', product: 'Weekend', holder: 'Ada Holder', age: null, departure: null, ...(answers ? { answers } : {}) },
  since: null,
  gate: null,
});

describe('the scan result', () => {
  it('shows the ticket’s answers for the gate, each question with its answer, inside the announced result, and stays long enough to read them', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    render(<ResultScreen answer={admitted([{ question: 'Diet', answer: 'Vegetarian' }, { question: 'Wristband', answer: 'Yes' }])} offline={false} onDone={done} />);
    const result = screen.getByRole('alert');
    const answers = within(result).getByTestId('scan-result-answers');
    expect([...answers.querySelectorAll('div')].map((entry) => [entry.querySelector('dt')?.textContent, entry.querySelector('dd')?.textContent])).toEqual([
      ['Diet', 'Vegetarian'],
      ['Wristband', 'Yes'],
    ]);
    expect(result.className).toContain('scan-result-with-answers');
    act(() => void vi.advanceTimersByTime(RESULT_MS));
    expect(done).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(RESULT_WITH_ANSWERS_MS - RESULT_MS));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('shows no answers where the ticket has none, and goes after the usual time', () => {
    vi.useFakeTimers();
    const done = vi.fn();
    render(<ResultScreen answer={admitted()} offline={false} onDone={done} />);
    expect(screen.queryByTestId('scan-result-answers')).toBeNull();
    act(() => void vi.advanceTimersByTime(RESULT_MS));
    expect(done).toHaveBeenCalledTimes(1);
  });
});
