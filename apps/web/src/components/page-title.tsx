import Typography from '@mui/material/Typography';

/** The page's one h1. */
export function PageTitle({ title }: { title: string }) {
  return (
    <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
      {title}
    </Typography>
  );
}
