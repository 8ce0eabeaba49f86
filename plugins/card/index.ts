import schema from './schema.json' with { type: 'json' };
import { Card } from './Card';
import { create } from './create';
import { definePlugin } from '../../src/plugin-kit';

export const plugin = definePlugin({
  childType: 'Card',
  schema,
  create,
  Render: Card,
  examples: [
    {
      childType: 'Card',
      width: 12,
      title: 'Welcome to Tessera',
      contenttype: 'Rows',
      showhintchecked: true,
      hint: 'Start here',
      iconchecked: true,
      icon: 'house',
      rows: [{ cols: [{ childType: 'Html', width: 12, html: '<p>This is your home page.</p>' }] }],
    },
    {
      childType: 'Card',
      width: 6,
      title: 'Details',
      contenttype: 'Tabs',
      collapsable: true,
      collapsed: true,
      tabs: [
        { childType: 'Tab', tabtitle: 'First', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'One' }] }] },
        { childType: 'Tab', rows: [{ cols: [{ childType: 'Text', width: 0, text: 'Two' }] }] },
      ],
    },
  ],
});
