import { describe, expect, it } from 'vitest';
import { kindFits, kindOfLine, kindOfPart } from './part-kind.ts';

describe('part kinds (issue 27)', () => {
  it.each([
    [['R1', 'R2'], [], 'resistor'],
    [['R7'], ['NTC 10k'], 'thermistor'],
    [['FB1'], [], 'ferriteBead'],
    [['F1'], ['Fuse glass 5x20 1A'], 'fuse'],
    [['D3'], ['LED red 0603'], 'led'],
    [['D3'], ['1N4148W'], 'diode'],
    [['Q1'], ['NPN 40V 200mA'], 'bjt'],
    [['Q2'], ['AO3401 P-channel MOSFET'], 'mosfet'],
    [['H1'], ['M3 screw'], 'mechanical'],
    [['H2'], ['Pin header 2.54mm 1x4'], 'connector'],
    [['U1'], ['STM32F103 ARM Cortex-M3 MCU'], 'ic'],
    [['J1'], ['RJ45 with magnetics'], 'connector'],
    [['Y1'], ['8MHz'], 'crystal'],
    [[], ['贴片电阻 10K 0603'], 'resistor'],
    [[], ['M3x6 螺丝'], 'mechanical'],
    [[], ['STM32F103C8T6 Cortex-M3'], null],
  ] as const)('%j %j is a %s', (designators, texts, kind) => {
    expect(kindOfLine(designators, texts)).toBe(kind);
  });

  it('reads a catalogue part by its category name first', () => {
    expect(kindOfPart('NTC热敏电阻', '')).toBe('thermistor');
    expect(kindOfPart('磁珠', '')).toBe('ferriteBead');
    expect(kindOfPart('ARM Cortex-M单片机', '')).toBe('ic');
    expect(kindOfPart('锂电池充电管理芯片', '')).toBe('ic');
    expect(kindOfPart('接线端子(螺钉式)', '')).toBe('connector');
    expect(kindOfPart('开关二极管', '')).toBe('switchingDiode');
    expect(kindOfPart('以太网连接器(RJ45)', '')).toBe('connector');
    expect(kindOfPart('稳压二极管', '')).toBe('zener');
    expect(kindOfPart('自定义分类', '贴片电阻 10kΩ')).toBe('resistor');
  });

  it('nests kinds one way only: a diode line takes a Schottky, a Schottky line no Zener, a resistor line no thermistor', () => {
    expect(kindFits('diode', 'schottky')).toBe(true);
    expect(kindFits('schottky', 'zener')).toBe(false);
    expect(kindFits('schottky', 'diode')).toBe(false);
    expect(kindFits('resistor', 'thermistor')).toBe(false);
    expect(kindFits('transistor', 'bjt')).toBe(true);
    expect(kindFits('bjt', 'zener')).toBe(false);
    expect(kindFits('ic', 'optocoupler')).toBe(true);
  });
});
