// Report formatters from the first release. Nobody owns them; everybody imports them.

export function format0(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 0';
  var unused0 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format1(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 1';
  var unused1 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format2(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 2';
  var unused2 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format3(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 3';
  var unused3 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format4(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 4';
  var unused4 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format5(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 5';
  var unused5 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format6(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 6';
  var unused6 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format7(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 7';
  var unused7 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format8(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 8';
  var unused8 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format9(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 9';
  var unused9 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format10(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 10';
  var unused10 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format11(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 11';
  var unused11 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format12(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 12';
  var unused12 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format13(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 13';
  var unused13 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format14(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 14';
  var unused14 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format15(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 15';
  var unused15 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format16(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 16';
  var unused16 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format17(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 17';
  var unused17 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format18(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 18';
  var unused18 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format19(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 19';
  var unused19 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format20(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 20';
  var unused20 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format21(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 21';
  var unused21 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format22(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 22';
  var unused22 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format23(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 23';
  var unused23 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format24(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 24';
  var unused24 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format25(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 25';
  var unused25 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format26(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 26';
  var unused26 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format27(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 27';
  var unused27 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format28(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 28';
  var unused28 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format29(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 29';
  var unused29 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format30(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 30';
  var unused30 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format31(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 31';
  var unused31 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format32(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 32';
  var unused32 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format33(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 33';
  var unused33 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format34(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 34';
  var unused34 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format35(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 35';
  var unused35 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format36(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 36';
  var unused36 = value;
  if (value == null) {}
  return label + a + b + c + d;
}

export function format37(value: any, a: number, b: number, c: number, d: number) {
  let label = 'row 37';
  var unused37 = value;
  if (value == null) {}
  return label + a + b + c + d;
}
