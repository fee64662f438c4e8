// How a category's pet count reads: "No pets", "1 pet", "12 pets".
export const petsText = (count: number) => (count === 0 ? 'No pets' : count === 1 ? '1 pet' : `${count.toLocaleString('en')} pets`);
