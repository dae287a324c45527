import { describe, expect, it } from 'vitest';
import { document, listDocument, resource, resourceDocument, uniqueIncluded } from './json-api';

const user = (id: string, name: string) => ({ id, type: 'users' as const, attributes: { name } });
const plan = (id: string) => ({ id, type: 'plans' as const, attributes: {} });

describe('uniqueIncluded', () => {
  it('keeps each (type, id) once, the first seen, in the order seen', () => {
    const included = uniqueIncluded([
      user('1', 'first'),
      plan('1'),
      user('2', 'Two'),
      user('1', 'second'),
      plan('1'),
    ]);
    expect(included).toEqual([user('1', 'first'), plan('1'), user('2', 'Two')]);
  });

  it('tells apart resources of different types with the same id', () => {
    expect(uniqueIncluded([user('7', 'a'), plan('7')])).toHaveLength(2);
  });

  it('takes any iterable', () => {
    const byId = new Map([
      ['a', user('1', 'a')],
      ['b', user('1', 'b')],
    ]);
    expect(uniqueIncluded(byId.values())).toEqual([user('1', 'a')]);
  });
});

describe('resourceDocument and listDocument', () => {
  it('include related resources once each', () => {
    expect(resourceDocument(plan('3'), [user('1', 'a'), user('1', 'a')])).toEqual({
      data: plan('3'),
      included: [user('1', 'a')],
    });
    const meta = { total: 2, page: 1, per_page: 20 };
    expect(listDocument([plan('3'), plan('4')], meta, [user('1', 'a'), user('1', 'b')])).toEqual({
      data: [plan('3'), plan('4')],
      included: [user('1', 'a')],
      meta,
    });
  });

  it('leave `included` out when there is nothing to include', () => {
    const doc = resourceDocument(plan('3'));
    expect(doc).toEqual({ data: plan('3') });
    expect('included' in doc).toBe(false);
    expect('included' in listDocument([], { total: 0 }, [])).toBe(false);
  });

  it('the untyped document() de-duplicates the same way', () => {
    const doc = document(resource('plans', 3, {}), {
      included: [resource('users', 1, { name: 'a' }), resource('users', 1, { name: 'b' })],
    });
    expect(doc.included).toEqual([resource('users', 1, { name: 'a' })]);
  });
});
