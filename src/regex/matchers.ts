/**
 * Running a program: a state search that visits each (instruction, position) once, a backtracker
 * for patterns with backreferences, and a Pike VM for leftmost priority-ordered matches.
 */
import { CompiledPattern, Instruction, Op, Program } from './compiler';
import { AssertKind, Ranges, WORD, inRanges } from './parser';
import { RegexBudget } from './types';

/** Largest visited-state table kept as a flat array; larger searches use a set. */
const VISITED_ARRAY_LIMIT = 1 << 22;

// ---------------------------------------------------------------------------------------------
// Execution.

/** Visited (instruction, position) states; generation stamps avoid clearing between searches. */
class VisitedStates {
  private readonly stamps: Uint32Array | null;
  private readonly set: Set<number> | null;
  private generation = 1;

  constructor(cells: number) {
    this.stamps = cells <= VISITED_ARRAY_LIMIT ? new Uint32Array(cells) : null;
    this.set = this.stamps === null ? new Set() : null;
  }

  reset(): void {
    this.generation += 1;
    this.set?.clear();
  }

  /** Marks a state; returns false when it was already marked in this generation. */
  visit(key: number): boolean {
    if (this.stamps !== null) {
      if (this.stamps[key] === this.generation) return false;
      this.stamps[key] = this.generation;
      return true;
    }
    const set = this.set as Set<number>;
    if (set.has(key)) return false;
    set.add(key);
    return true;
  }
}

function isWordUnit(input: string, index: number): boolean {
  return index >= 0 && index < input.length && inRanges(WORD, input.charCodeAt(index));
}

function assertionHolds(kind: AssertKind, input: string, sp: number): boolean {
  switch (kind) {
    case 'bol':
      return sp === 0;
    case 'eol':
      return sp === input.length;
    case 'word':
      return isWordUnit(input, sp - 1) !== isWordUnit(input, sp);
    case 'notWord':
      return isWordUnit(input, sp - 1) === isWordUnit(input, sp);
  }
}

/** Linear search over (instruction, position) states, for patterns without backreferences. */
export class StateSearch {
  private readonly visited: VisitedStates[];
  private readonly lookMemo: Map<number, boolean>[];
  private readonly lastLookSucceeded: boolean[];

  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {
    const width = input.length + 1;
    this.visited = compiled.programs.map((program) => new VisitedStates(program.code.length * width));
    this.lookMemo = compiled.programs.map(() => new Map());
    this.lastLookSucceeded = compiled.programs.map(() => false);
  }

  test(): boolean {
    // States that failed from one start position fail from every other: one visited set serves all.
    for (let start = 0; start <= this.input.length; start += 1) if (this.run(0, start)) return true;
    return false;
  }

  private run(programIndex: number, start: number): boolean {
    const { code } = this.compiled.programs[programIndex] as Program;
    const visited = this.visited[programIndex] as VisitedStates;
    const { input } = this;
    const width = input.length + 1;
    const stack: number[] = [0, start];
    while (stack.length > 0) {
      let sp = stack.pop() as number;
      let pc = stack.pop() as number;
      for (;;) {
        // Only new states cost a step: each has at most two successors, so revisits are bounded too.
        if (!visited.visit(pc * width + sp)) break;
        this.budget.spend();
        const ins = code[pc] as Instruction;
        if (ins.op === Op.Char) {
          const at = ins.dir === 1 ? sp : sp - 1;
          if (at < 0 || at >= input.length || !inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(at))) break;
          sp += ins.dir;
          pc += 1;
        } else if (ins.op === Op.Split) {
          stack.push(ins.b, sp);
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Look) {
          if (this.look(ins.a, sp) === (ins.b === 1)) break;
          pc += 1;
        } else if (ins.op === Op.Match) {
          return true;
        } else {
          pc += 1;
        }
      }
    }
    return false;
  }

  /** Whether lookaround program `programIndex` matches at `sp` (memoized per position). */
  look(programIndex: number, sp: number): boolean {
    const memo = this.lookMemo[programIndex] as Map<number, boolean>;
    const known = memo.get(sp);
    if (known !== undefined) return known;
    // A failed lookaround explored only dead states, which stay dead from any position: keep
    // them marked. A successful one may have left live states marked, so start afresh after it.
    if (this.lastLookSucceeded[programIndex] === true) (this.visited[programIndex] as VisitedStates).reset();
    const result = this.run(programIndex, sp);
    this.lastLookSucceeded[programIndex] = result;
    memo.set(sp, result);
    return result;
  }
}

const BRANCH = 0;
const RESTORE_CAPTURE = 1;
const RESTORE_REGISTER = 2;

/** Backtracking in JavaScript's order, for patterns with backreferences; bounded by the budget. */
export class Backtracker {
  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {}

  test(): boolean {
    return this.exec(0) !== null;
  }

  /** The slots of the first match starting at or after `from` (slot 0 and 1: the match), or null. */
  exec(from: number): Int32Array | null {
    for (let start = from; start <= this.input.length; start += 1) {
      const captures = new Int32Array(2 * (this.compiled.groupCount + 1)).fill(-1);
      if (this.run(0, start, captures) !== null) return captures;
    }
    return null;
  }

  /** Runs a program from `start`; returns the captures of the first match, or null. */
  private run(programIndex: number, start: number, captures: Int32Array): Int32Array | null {
    const { code } = this.compiled.programs[programIndex] as Program;
    const { input } = this;
    const registers = new Int32Array(this.compiled.registers).fill(-1);
    const stack: number[] = [BRANCH, 0, start];
    while (stack.length > 0) {
      const b = stack.pop() as number;
      const a = stack.pop() as number;
      const kind = stack.pop() as number;
      if (kind === RESTORE_CAPTURE) {
        captures[a] = b;
        continue;
      }
      if (kind === RESTORE_REGISTER) {
        registers[a] = b;
        continue;
      }
      let pc = a;
      let sp = b;
      for (;;) {
        this.budget.spend();
        const ins = code[pc] as Instruction;
        if (ins.op === Op.Char) {
          const at = ins.dir === 1 ? sp : sp - 1;
          if (at < 0 || at >= input.length || !inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(at))) break;
          sp += ins.dir;
          pc += 1;
        } else if (ins.op === Op.Split) {
          stack.push(BRANCH, ins.b, sp);
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Save) {
          stack.push(RESTORE_CAPTURE, ins.a, captures[ins.a] as number);
          captures[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.Mark) {
          stack.push(RESTORE_REGISTER, ins.a, registers[ins.a] as number);
          registers[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.Check) {
          if (registers[ins.a] === sp) break; // an iteration that matched nothing ends the loop
          pc += 1;
        } else if (ins.op === Op.ClearCaptures) {
          for (let slot = 2 * ins.a; slot <= 2 * ins.b + 1; slot += 1) {
            if (captures[slot] !== -1) {
              stack.push(RESTORE_CAPTURE, slot, captures[slot] as number);
              captures[slot] = -1;
            }
          }
          pc += 1;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Backref) {
          const next = this.backref(ins, captures, sp);
          if (next < 0) break;
          sp = next;
          pc += 1;
        } else if (ins.op === Op.Look) {
          if (!this.look(ins, sp, captures, stack)) break;
          pc += 1;
        } else {
          if (programIndex === 0) {
            captures[0] = start;
            captures[1] = sp;
          }
          return captures;
        }
      }
    }
    return null;
  }

  private backref(ins: Instruction, captures: Int32Array, sp: number): number {
    const from = captures[2 * ins.a] as number;
    const to = captures[2 * ins.a + 1] as number;
    if (from < 0 || to < 0) return sp; // a group that did not participate matches the empty string
    const text = this.input.slice(from, to);
    if (ins.dir === 1) return this.input.startsWith(text, sp) ? sp + text.length : -1;
    return sp - text.length >= 0 && this.input.slice(sp - text.length, sp) === text ? sp - text.length : -1;
  }

  /** Lookarounds are atomic: a positive one keeps the captures of its first match. */
  private look(ins: Instruction, sp: number, captures: Int32Array, stack: number[]): boolean {
    const result = this.run(ins.a, sp, Int32Array.from(captures));
    if (ins.b === 1) return result === null;
    if (result === null) return false;
    result.forEach((value, slot) => {
      if (captures[slot] !== value) {
        stack.push(RESTORE_CAPTURE, slot, captures[slot] as number);
        captures[slot] = value;
      }
    });
    return true;
  }
}

/** A thread of the Pike VM: where it is in the program and the capture slots it carries. */
interface Thread {
  pc: number;
  slots: Int32Array;
}

/**
 * Leftmost-first matching with captures in linear time, for patterns without backreferences: the
 * threads at each position are kept in priority order (JavaScript's backtracking order), and each
 * instruction joins a position's list at most once, claimed by the highest-priority thread that
 * reaches it. Lookarounds are answered by a {@link StateSearch} over the same input (memoized per
 * position), so they report no captures: patterns with captures inside lookarounds are left to
 * the backtracker.
 */
export class PikeVM {
  private readonly code: Instruction[];
  private readonly stamps: Uint32Array;
  /** Claims of states whose instruction has live registers: (pc, which registers are empty) → generation. */
  private readonly liveStamps = new Map<number, number>();
  /** Where the empty-iteration registers start in a thread's slots (after the capture slots). */
  private readonly registerBase: number;
  private generation = 0;
  private looks: StateSearch | null = null;

  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {
    this.code = (compiled.programs[0] as Program).code;
    this.stamps = new Uint32Array(this.code.length);
    this.registerBase = 2 * (compiled.groupCount + 1);
  }

  exec(from: number): Int32Array | null {
    const { input } = this;
    if (from > input.length) return null;
    let matched: Int32Array | null = null;
    let current: Thread[] = [];
    this.generation += 1;
    for (let sp = from; ; sp += 1) {
      // A search starting here has the lowest priority, and only matters while nothing matched.
      if (matched === null) this.follow(current, 0, sp, this.startSlots(sp));
      const next: Thread[] = [];
      this.generation += 1;
      for (const thread of current) {
        this.budget.spend();
        const ins = this.code[thread.pc] as Instruction;
        if (ins.op === Op.Match) {
          // Every thread after this one has lower priority: this match beats them all.
          matched = Int32Array.from(thread.slots);
          matched[1] = sp;
          break;
        }
        if (sp < input.length && inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(sp))) {
          this.follow(next, thread.pc + 1, sp + 1, thread.slots);
        }
      }
      if (sp >= input.length || (matched !== null && next.length === 0)) break;
      current = next;
    }
    return matched;
  }

  /**
   * Claims the state for this list; false when a thread of higher priority already holds it. Two
   * threads at one instruction behave alike from there on unless a live register is empty
   * (equals the position) for one and not the other, so that is part of the state.
   */
  private claim(pc: number, ins: Instruction, slots: Int32Array, sp: number): boolean {
    if (ins.live === undefined) {
      if (this.stamps[pc] === this.generation) return false;
      this.stamps[pc] = this.generation;
      return true;
    }
    let mask = 0;
    const live = ins.live;
    // The innermost 20 registers decide the key. Deeper nesting shares states: matching stays
    // bounded, but which match is reported may then differ from JavaScript's.
    for (let i = Math.max(0, live.length - 20), bit = 1; i < live.length; i += 1, bit *= 2) {
      if (slots[this.registerBase + (live[i] as number)] === sp) mask += bit;
    }
    const key = pc + this.code.length * mask;
    if (this.liveStamps.get(key) === this.generation) return false;
    this.liveStamps.set(key, this.generation);
    return true;
  }

  private startSlots(start: number): Int32Array {
    const slots = new Int32Array(this.registerBase + this.compiled.registers).fill(-1);
    slots[0] = start;
    return slots;
  }

  /** Adds the threads reachable from `pc` at `sp` without consuming input, in priority order. */
  private follow(list: Thread[], startPc: number, sp: number, startSlots: Int32Array): void {
    const stack: Array<{ pc: number; slots: Int32Array }> = [{ pc: startPc, slots: startSlots }];
    while (stack.length > 0) {
      let { pc, slots } = stack.pop() as { pc: number; slots: Int32Array };
      for (;;) {
        const ins = this.code[pc] as Instruction;
        if (!this.claim(pc, ins, slots, sp)) break;
        this.budget.spend();
        if (ins.op === Op.Check && slots[this.registerBase + ins.a] === sp) break; // an empty iteration
        if (ins.op === Op.Char || ins.op === Op.Match) {
          list.push({ pc, slots });
          break;
        }
        if (ins.op === Op.Split) {
          stack.push({ pc: ins.b, slots });
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Save) {
          slots = Int32Array.from(slots);
          slots[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.ClearCaptures) {
          slots = Int32Array.from(slots);
          slots.fill(-1, 2 * ins.a, 2 * ins.b + 2);
          pc += 1;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, this.input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Look) {
          this.looks ??= new StateSearch(this.compiled, this.input, this.budget);
          if (this.looks.look(ins.a, sp) === (ins.b === 1)) break;
          pc += 1;
        } else if (ins.op === Op.Mark) {
          slots = Int32Array.from(slots);
          slots[this.registerBase + ins.a] = sp;
          pc += 1;
        } else {
          pc += 1; // Check (passed above)
        }
      }
    }
  }
}
