import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index';

/*
 * The server validates with these schemas and publishes them as its OpenAPI document, so a schema must accept
 * nothing its published form forbids: a string checked against a pattern is not trimmed first (" 10" does not
 * match ^\d+$), and a body's number is not coerced from a string ("1" is not an integer). Query strings and path
 * parameters arrive as text, so only request bodies are held to the second rule.
 */

type Node = z.core.$ZodType;
type Found = { path: string; problem: string };

function checksOf(node: Node): { check: string; format?: string }[] {
  const checks = (node._zod.def as { checks?: { _zod: { def: { check: string; format?: string } } }[] })
    .checks;
  return (checks ?? []).map((check) => check._zod.def);
}

const patterned = (node: Node) =>
  node._zod.def.type === 'string' && checksOf(node).some((check) => check.format === 'regex');
const trimmed = (node: Node) =>
  node._zod.def.type === 'string' && checksOf(node).some((check) => check.check === 'overwrite');

/** Whether a value that passed `node` must still match a pattern further on. */
function endsPatterned(node: Node): boolean {
  const def = node._zod.def as { type: string; out?: Node };
  if (def.type === 'pipe' && def.out) return endsPatterned(def.out);
  return patterned(node);
}

function walk(node: Node, path: string, inBody: boolean, found: Found[], seen = new Set<Node>()) {
  if (seen.has(node)) return;
  seen.add(node);
  const def = node._zod.def as Record<string, unknown> & { type: string };
  if (patterned(node) && trimmed(node)) found.push({ path, problem: 'trims before its pattern' });
  if (def.type === 'pipe') {
    const input = def.in as Node;
    if (trimmed(input) && endsPatterned(def.out as Node)) {
      found.push({ path, problem: 'trims before the pattern it is piped into' });
    }
  }
  if (inBody && (def.type === 'number' || def.type === 'bigint' || def.type === 'boolean') && def.coerce) {
    found.push({ path, problem: 'coerces a string into a number' });
  }
  const children: [string, unknown][] = [];
  if (def.type === 'object') {
    const shape = (node as unknown as { shape: Record<string, Node> }).shape;
    children.push(
      ...Object.entries(shape).map(([key, child]) => [`${path}.${key}`, child] as [string, Node]),
    );
  }
  for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'schema']) {
    if (def[key]) children.push([path, def[key]]);
  }
  if (Array.isArray(def.options))
    children.push(...def.options.map((option) => [path, option] as [string, Node]));
  for (const [childPath, child] of children) {
    if (child && typeof child === 'object' && '_zod' in child)
      walk(child as Node, childPath, inBody, found, seen);
  }
}

const schemas: [string, Node][] = Object.entries(contract).flatMap(([name, value]): [string, Node][] =>
  typeof value === 'object' && value !== null && '_zod' in value ? [[name, value as unknown as Node]] : [],
);

describe('the published schemas', () => {
  it('are found in the contract, request bodies among them', () => {
    expect(schemas.length).toBeGreaterThan(50);
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['adjustmentBody', 'transferBody', 'withdrawalBody']),
    );
  });

  it('never trim a string before checking it against its published pattern', () => {
    const found: Found[] = [];
    for (const [name, schema] of schemas) walk(schema, name, false, found);
    expect(found).toEqual([]);
  });

  it('never coerce a request body field from one JSON type into another', () => {
    const found: Found[] = [];
    for (const [name, schema] of schemas.filter(([name]) => name.endsWith('Body'))) {
      walk(schema, name, true, found);
    }
    expect(found).toEqual([]);
  });

  it('refuse padded amounts and a targetId sent as a string', () => {
    expect(contract.amountField.safeParse(' 10').success).toBe(false);
    expect(contract.amountField.safeParse('10 ').success).toBe(false);
    expect(contract.amountField.safeParse('10.5').success).toBe(true);
    const withdrawal = {
      targetType: 'wallet',
      targetId: 1,
      asset: 'USDT',
      amount: '10',
      securityPassword: '123456',
    };
    expect(contract.withdrawalBody.safeParse(withdrawal).success).toBe(true);
    expect(contract.withdrawalBody.safeParse({ ...withdrawal, targetId: '1' }).success).toBe(false);
    expect(contract.withdrawalBody.safeParse({ ...withdrawal, amount: '10 ' }).success).toBe(false);
  });
});
