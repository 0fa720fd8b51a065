/** A payload with one part of every type, over two steps, with LocalizedText in places. */
export const everyPartPayload = {
  title: { en: 'Neighbourhood survey', es: 'Encuesta del barrio' },
  description: 'Two minutes',
  steps: [
    {
      title: { en: 'About you', es: 'Sobre ti' },
      parts: [
        {
          id: 'colour',
          type: 'singleChoice',
          label: { en: 'Favourite colour', es: 'Color favorito' },
          required: true,
          options: [
            { value: 'red', label: { en: 'Red', es: 'Rojo' } },
            { value: 'blue', label: 'Blue' },
          ],
        },
        {
          id: 'sports',
          type: 'multipleChoice',
          label: 'Sports',
          minSelected: 1,
          maxSelected: 2,
          options: [
            { value: 'run', label: 'Running' },
            { value: 'swim', label: 'Swimming' },
            { value: 'bike', label: 'Cycling' },
          ],
        },
        { id: 'comment', type: 'text', label: 'Comment', multiline: true, maxLength: 10, help: { en: 'Short', es: 'Corto' } },
      ],
    },
    {
      parts: [
        { id: 'age', type: 'number', label: 'Age', min: 0, max: 120, integer: true, required: true },
        { id: 'stars', type: 'rating', label: 'Rate us', max: 4 },
        { id: 'visit', type: 'date', label: 'Last visit', min: '2024-01-01', max: '2024-12-31' },
      ],
    },
  ],
};
