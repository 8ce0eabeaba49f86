/**
 * Models for the filter language's unit tests: a reference chain Line -> Order -> Customer ->
 * User, an integer-id and a hex-id model, and one field of every type.
 */
import type { ModelDefinition } from '../../src/shared/filter/index.js';

export const User: ModelDefinition = { name: 'User', idtype: 'integer', fields: [{ name: 'user', type: 'text' }] };
export const Tag: ModelDefinition = { name: 'Tag', idtype: 'integer', fields: [{ name: 'label', type: 'text' }] };
export const CustomerTag: ModelDefinition = {
  name: 'CustomerTag',
  fields: [
    { name: 'customer', type: 'reference', target: 'Customer' },
    { name: 'tag', type: 'reference', target: 'Tag' },
  ],
};
export const Customer: ModelDefinition = {
  name: 'Customer',
  idtype: 'integer',
  fields: [
    { name: 'name', type: 'text' },
    { name: 'city', type: 'text' },
    { name: 'vip', type: 'boolean' },
    { name: 'since', type: 'date' },
    { name: 'credit', type: 'number' },
    { name: 'owner', type: 'reference', target: 'User' },
    { name: 'notes', type: 'json' },
    { name: 'secret', type: 'password' },
    { name: 'tags', type: 'link', target: 'Tag', through: 'CustomerTag' },
  ],
};
export const Order: ModelDefinition = {
  name: 'Order',
  idtype: 'hex',
  fields: [
    { name: 'total', type: 'number' },
    { name: 'placed', type: 'datetime' },
    { name: 'due', type: 'date' },
    { name: 'paid', type: 'boolean' },
    { name: 'status', type: 'text' },
    { name: 'code', type: 'text', unique: true },
    { name: 'customer', type: 'reference', target: 'Customer' },
  ],
};
export const Line: ModelDefinition = {
  name: 'Line',
  idtype: 'integer',
  fields: [
    { name: 'qty', type: 'number' },
    { name: 'order', type: 'reference', target: 'Order' },
  ],
};

export const models: ModelDefinition[] = [User, Tag, CustomerTag, Customer, Order, Line];
