import {
  initialModel,
  type RouterEffect,
  type RouterMessage,
  type RouterModel,
  update,
} from '../../client/navigation/router-model.ts';

/** Feeds messages in order, collecting every effect; `now` comes from a fake clock the test moves. */
export function run(messages: RouterMessage[], model: RouterModel = initialModel('/')) {
  const effects: RouterEffect[] = [];
  for (const message of messages) {
    const [next, produced] = update(model, message);
    model = next;
    effects.push(...produced);
  }
  return { model, effects };
}

/** The effects of one type, typed as such. */
export const of = <T extends RouterEffect['type']>(effects: RouterEffect[], type: T) =>
  effects.filter((effect): effect is Extract<RouterEffect, { type: T }> => effect.type === type);
