/** Compiling a syntax tree into an instruction program for the matchers. */
import { AssertKind, Node, Ranges } from './parser';
import { RegexLimitError } from './types';

/** Most instructions a program may have (repetitions expand into copies). */
const MAX_INSTRUCTIONS = 20_000;

// ---------------------------------------------------------------------------------------------
// Compilation to a program.

export const Op = {
  Char: 0,
  Split: 1,
  Jmp: 2,
  Save: 3,
  Assert: 4,
  Look: 5,
  Backref: 6,
  Mark: 7,
  Check: 8,
  Match: 9,
  ClearCaptures: 10,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export interface Instruction {
  op: Op;
  /**
   * Char: set index; Split/Jmp: target; Save: slot; Look: program index; Backref: group;
   * Mark/Check: register; ClearCaptures: first group.
   */
  a: number;
  /** Split: second target; Look: 1 when negated; ClearCaptures: last group. */
  b: number;
  /** Char/Backref/Look: -1 when matching backwards (lookbehind). */
  dir: 1 | -1;
  kind?: AssertKind;
  /**
   * Empty-iteration registers live here (set by a Mark, read by a Check ahead), innermost last.
   * Whether each still equals the position decides what the thread can do next.
   */
  live?: number[];
}

export interface Program {
  code: Instruction[];
}

export interface CompiledPattern {
  programs: Program[]; // programs[0] is the main program; the others are lookaround bodies
  sets: Ranges[];
  groupCount: number;
  registers: number;
  backtracking: boolean;
}

/** What a program records: captures (Save, ClearCaptures) and empty-iteration checks (Mark, Check). */
export interface CompilerOptions {
  captures: boolean;
  emptyChecks: boolean;
}

export class Compiler {
  readonly programs: Program[] = [];
  readonly sets: Ranges[] = [];
  registers = 0;
  private size = 0;
  private readonly liveRegisters: number[] = [];

  constructor(private readonly options: CompilerOptions) {}

  program(node: Node, dir: 1 | -1): number {
    // A lookaround body is a program of its own: the registers around it are not its concern.
    const outer = this.liveRegisters.splice(0);
    const index = this.programs.length;
    const program: Program = { code: [] };
    this.programs.push(program);
    this.emit(program, node, dir);
    this.push(program, { op: Op.Match, a: 0, b: 0, dir });
    this.liveRegisters.push(...outer);
    return index;
  }

  private push(program: Program, instruction: Instruction): number {
    this.size += 1;
    if (this.size > MAX_INSTRUCTIONS) throw new RegexLimitError('Pattern is too complex (its repetitions expand too far).');
    if (this.liveRegisters.length > 0) instruction.live = [...this.liveRegisters];
    program.code.push(instruction);
    return program.code.length - 1;
  }

  private emit(program: Program, node: Node, dir: 1 | -1): void {
    switch (node.t) {
      case 'set':
        this.sets.push(node.ranges);
        this.push(program, { op: Op.Char, a: this.sets.length - 1, b: 0, dir });
        return;
      case 'seq': {
        const items = dir === 1 ? node.items : [...node.items].reverse();
        for (const item of items) this.emit(program, item, dir);
        return;
      }
      case 'alt':
        this.alternation(program, node.options, dir);
        return;
      case 'group': {
        const capture = this.options.captures ? node.capture : null;
        if (capture !== null) this.push(program, { op: Op.Save, a: 2 * capture + (dir === 1 ? 0 : 1), b: 0, dir });
        this.emit(program, node.body, dir);
        if (capture !== null) this.push(program, { op: Op.Save, a: 2 * capture + (dir === 1 ? 1 : 0), b: 0, dir });
        return;
      }
      case 'repeat':
        this.repeat(program, node, dir);
        return;
      case 'assert':
        this.push(program, { op: Op.Assert, a: 0, b: 0, dir, kind: node.kind });
        return;
      case 'look': {
        const index = this.program(node.body, node.behind ? -1 : 1);
        this.push(program, { op: Op.Look, a: index, b: node.negate ? 1 : 0, dir: node.behind ? -1 : 1 });
        return;
      }
      case 'backref':
        this.push(program, { op: Op.Backref, a: node.group, b: 0, dir });
        return;
    }
  }

  private alternation(program: Program, options: Node[], dir: 1 | -1): void {
    const jumps: Instruction[] = [];
    options.forEach((option, index) => {
      if (index < options.length - 1) {
        const split = { op: Op.Split, a: 0, b: 0, dir } as Instruction;
        this.push(program, split);
        split.a = program.code.length;
        this.emit(program, option, dir);
        const jump = { op: Op.Jmp, a: 0, b: 0, dir } as Instruction;
        this.push(program, jump);
        jumps.push(jump);
        split.b = program.code.length;
      } else {
        this.emit(program, option, dir);
      }
    });
    for (const jump of jumps) jump.a = program.code.length;
  }

  private repeat(program: Program, node: { body: Node; min: number; max: number; lazy: boolean }, dir: 1 | -1): void {
    if (node.min > MAX_INSTRUCTIONS || (node.max !== Infinity && node.max > MAX_INSTRUCTIONS)) {
      throw new RegexLimitError('Pattern is too complex (a repetition count is too large).');
    }
    const iteration = (): void => {
      // As in JavaScript, each iteration starts with the captures of its own groups unset.
      const groups = this.options.captures ? capturesIn(node.body) : [];
      if (groups.length > 0) {
        this.push(program, { op: Op.ClearCaptures, a: Math.min(...groups), b: Math.max(...groups), dir });
      }
      this.emit(program, node.body, dir);
    };
    for (let i = 0; i < node.min; i += 1) iteration();
    if (node.min === node.max) return;
    // As in JavaScript, an iteration past the minimum fails when it matches nothing. Which match
    // is found depends on it (not whether one exists), so only programs that report matches
    // check; one register serves all iterations of this repetition, as they run one after another.
    const register = this.options.emptyChecks ? this.registers++ : -1;
    const optionalIteration = (): void => {
      if (register < 0) {
        iteration();
        return;
      }
      this.push(program, { op: Op.Mark, a: register, b: 0, dir });
      this.liveRegisters.push(register);
      iteration();
      this.push(program, { op: Op.Check, a: register, b: 0, dir });
      this.liveRegisters.pop();
    };
    if (node.max === Infinity) {
      const loop = this.push(program, { op: Op.Split, a: 0, b: 0, dir });
      const split = program.code[loop] as Instruction;
      optionalIteration();
      this.push(program, { op: Op.Jmp, a: loop, b: 0, dir });
      orderSplit(split, loop + 1, program.code.length, node.lazy);
      return;
    }
    const splits: Array<{ split: Instruction; body: number }> = [];
    for (let i = node.min; i < node.max; i += 1) {
      const split = { op: Op.Split, a: 0, b: 0, dir } as Instruction;
      this.push(program, split);
      splits.push({ split, body: program.code.length });
      optionalIteration();
    }
    for (const { split, body } of splits) orderSplit(split, body, program.code.length, node.lazy);
  }
}

/** A Split's first target is the preferred one: the body when greedy, the exit when lazy. */
function orderSplit(split: Instruction, body: number, exit: number, lazy: boolean): void {
  split.a = lazy ? exit : body;
  split.b = lazy ? body : exit;
}

/** Whether a lookaround inside the node holds a capture group (whose value a match reports). */
export function capturesInLookaround(node: Node): boolean {
  switch (node.t) {
    case 'seq':
      return node.items.some(capturesInLookaround);
    case 'alt':
      return node.options.some(capturesInLookaround);
    case 'group':
    case 'repeat':
      return capturesInLookaround(node.body);
    case 'look':
      return capturesIn(node.body).length > 0 || capturesInLookaround(node.body);
    default:
      return false;
  }
}

/** The capture group numbers inside a node (group numbers inside one node are consecutive). */
function capturesIn(node: Node): number[] {
  switch (node.t) {
    case 'seq':
      return node.items.flatMap(capturesIn);
    case 'alt':
      return node.options.flatMap(capturesIn);
    case 'group':
      return node.capture === null ? capturesIn(node.body) : [node.capture, ...capturesIn(node.body)];
    case 'repeat':
    case 'look':
      return capturesIn(node.body);
    default:
      return [];
  }
}
