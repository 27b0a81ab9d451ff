import { describe, expect, it } from 'vitest';
import { emailSuggestions, feedbackMessage, megabytes, trafficFigures } from './feedback';

describe('emailSuggestions', () => {
  it('offers the six hosts with .com while no @ is typed', () => {
    expect(emailSuggestions('ann')).toEqual(['ann@qq.com', 'ann@163.com', 'ann@126.com', 'ann@yahoo.com', 'ann@gmail.com', 'ann@hotmail.com']);
  });

  it('offers nothing for empty text or once an @ is typed', () => {
    expect(emailSuggestions('')).toEqual([]);
    expect(emailSuggestions('   ')).toEqual([]);
    expect(emailSuggestions('ann@')).toEqual([]);
    expect(emailSuggestions('ann@gm')).toEqual([]);
  });
});

describe('feedbackMessage', () => {
  it('puts the environment under the text', () => {
    const text = feedbackMessage('  It broke.  ', {
      platform: 'Linux x86_64',
      userAgent: 'Chrome/130',
      screen: '1280x800',
      role: 'vip',
      trafficUsedMb: 0,
      trafficLimitMb: 5120,
    });
    expect(text).toBe('It broke.\n\n---\nplatform: Linux x86_64\nuser agent: Chrome/130\nscreen: 1280x800\nrole: vip\ntraffic: 0 MB / 5120 MB');
  });

  it('counts bytes in megabytes', () => {
    expect(megabytes(0)).toBe(0);
    expect(megabytes(1024 * 1024 * 5)).toBe(5);
    expect(megabytes(1536 * 1024)).toBe(1.5);
  });
});

describe('trafficFigures', () => {
  it('reports the meter in megabytes, else the role’s allowance with nothing used', () => {
    expect(trafficFigures('vip', { bytes_used: 1024 * 1024 * 2, bytes_limit: 1024 * 1024 * 5120 })).toEqual({ trafficUsedMb: 2, trafficLimitMb: 5120 });
    expect(trafficFigures('premium', null)).toEqual({ trafficUsedMb: 0, trafficLimitMb: 1024 });
    expect(trafficFigures('anonymous', null)).toEqual({ trafficUsedMb: 0, trafficLimitMb: 0 });
  });
});
